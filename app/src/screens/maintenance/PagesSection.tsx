import type { PagePicker_query$key } from "../../__generated__/PagePicker_query.graphql";
import { AffectedServices } from "./AffectedServices";
import { PagePicker, useStatusPages } from "./PagePicker";
import { PageSettings } from "./PageSettings";
import { type PageOptions, withoutPage } from "./pageOptions";

/**
 * Where a window shows: its status pages and, once one is chosen, what they say about it (the
 * affected services, severity, reminders, subscribers told at start and end, starting and ending).
 */
export function PagesSection({
  query,
  values,
  set,
  errors,
}: {
  query: PagePicker_query$key;
  values: PageOptions;
  set: (change: Partial<PageOptions>) => void;
  errors: Record<string, string>;
}) {
  const pages = useStatusPages(query);
  const choose = (ids: string[], removed?: { services: { databaseId: string }[] }) => {
    const others = pages.pages.filter((page) => ids.includes(page.databaseId));
    set({ statusPageIds: ids, ...(removed ? { serviceIds: withoutPage(values.serviceIds, removed, others) } : {}) });
  };
  const check = (key: "notifyOnStart" | "notifyOnEnd", label: string) => (
    <label className="inline">
      <input type="checkbox" checked={values[key]} onChange={(event) => set({ [key]: event.target.checked })} /> {label}
    </label>
  );
  return (
    <>
      <PagePicker pages={pages} chosen={values.statusPageIds} onChange={choose} error={errors.statusPageIds} />
      {values.statusPageIds.length ? (
        <>
          <fieldset>
            <legend>Tell the pages' subscribers</legend>
            {check("notifyOnStart", "When it starts")}
            {check("notifyOnEnd", "When it ends")}
          </fieldset>
          <AffectedServices
            pages={pages.pages}
            chosenPages={values.statusPageIds}
            all={values.affectAllServices}
            serviceIds={values.serviceIds}
            onChange={set}
            error={errors.serviceIds}
          />
          <PageSettings values={values} set={set} errors={errors} />
        </>
      ) : null}
    </>
  );
}
