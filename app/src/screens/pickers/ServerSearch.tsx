import { useEffect, useRef, useState, useTransition } from "react";
import { SearchPicker, type SearchOption } from "../../ui/SearchPicker";

/** How long typing pauses before the server is asked: one request per pause, not per key. */
const PAUSE_MS = 250;
const PAGE = 20;

type SearchedPage = {
  refetch: (variables: { search: string | null }) => unknown;
  loadNext: (count: number) => unknown;
  hasNext: boolean;
  isLoadingNext: boolean;
};

/**
 * A pagination fragment's connection searched on the server: the typed text is sent (trimmed)
 * once typing pauses, the list shown meanwhile stays until the answer comes, and "More" loads
 * the next page of the same search. Returns SearchPicker's search props.
 */
function useServerSearch(page: SearchedPage) {
  const { refetch } = page;
  const [text, setText] = useState("");
  const [pending, startTransition] = useTransition();
  const asked = useRef("");
  useEffect(() => {
    const search = text.trim();
    if (search === asked.current) return;
    const timer = setTimeout(() => {
      asked.current = search;
      startTransition(() => {
        refetch({ search: search || null });
      });
    }, PAUSE_MS);
    return () => clearTimeout(timer);
  }, [text, refetch]);
  return {
    text,
    onText: setText,
    more: page.hasNext ? () => page.loadNext(PAGE) : null,
    busy: pending || page.isLoadingNext,
  };
}

/** What a picker's caller gives: the control's id, the chosen value, and what to do on a choice. */
export type PickerProps = { id: string; chosen: string; onChoose: (option: SearchOption) => void };

/** A SearchPicker over a searched connection (`page`), its options already mapped. */
export function ServerSearch({
  page,
  options,
  ...rest
}: PickerProps & {
  page: SearchedPage;
  options: SearchOption[];
  label: string;
  legend: string;
  noun: string;
}) {
  const search = useServerSearch(page);
  return <SearchPicker {...rest} {...search} options={options} />;
}
