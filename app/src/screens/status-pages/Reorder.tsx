import { type ReactNode, useEffect, useRef, useState } from "react";
import { moved } from "./values";

/**
 * An ordered list a person rearranges by dragging an item onto another, or by keyboard alone
 * with each item's "Move up"/"Move down" buttons (focus stays on the moved item, and the new
 * position is announced). `id` keeps the buttons' ids apart when lists are nested.
 */
export function Reorder<T>({
  id,
  items,
  keyOf,
  labelOf,
  onChange,
  children,
}: {
  id: string;
  items: readonly T[];
  keyOf: (item: T) => string;
  labelOf: (item: T) => string;
  onChange: (items: T[]) => void;
  children: (item: T, index: number) => ReactNode;
}) {
  const dragged = useRef<number | null>(null);
  const [said, setSaid] = useState("");
  const [focus, setFocus] = useState<{ key: string; up: boolean } | null>(null);
  const buttonId = (key: string, up: boolean) => `${id}-${key}-${up ? "up" : "down"}`;
  useEffect(() => {
    if (!focus) return;
    const want = document.getElementById(buttonId(focus.key, focus.up)) as HTMLButtonElement | null;
    const other = document.getElementById(buttonId(focus.key, !focus.up)) as HTMLButtonElement | null;
    (want && !want.disabled ? want : other)?.focus();
    setFocus(null);
  });
  const move = (from: number, to: number) => {
    if (to < 0 || to >= items.length || from === to) return;
    const item = items[from] as T;
    onChange(moved(items, from, to));
    setSaid(`${labelOf(item)} moved to position ${to + 1} of ${items.length}.`);
    return item;
  };
  const byKey = (from: number, up: boolean) => {
    const item = move(from, up ? from - 1 : from + 1);
    if (item) setFocus({ key: keyOf(item), up });
  };
  return (
    <>
      <ol className="reorder">
        {items.map((item, index) => (
          <li
            key={keyOf(item)}
            draggable
            data-testid={`${id}-item`}
            onDragStart={(event) => {
              event.stopPropagation(); // a service's drag is not its card's
              dragged.current = index;
              event.dataTransfer?.setData("text/plain", labelOf(item));
            }}
            onDragOver={(event) => event.preventDefault()}
            onDrop={(event) => {
              event.preventDefault();
              event.stopPropagation();
              if (dragged.current !== null) move(dragged.current, index);
              dragged.current = null;
            }}
          >
            <span className="handle" aria-hidden="true" title="Drag to move">
              ⠿
            </span>
            <div className="reorder-body">{children(item, index)}</div>
            <span className="reorder-keys">
              <button
                type="button"
                id={buttonId(keyOf(item), true)}
                disabled={index === 0}
                onClick={() => byKey(index, true)}
              >
                <span aria-hidden="true">↑</span>
                <span className="visually-hidden">Move {labelOf(item)} up</span>
              </button>
              <button
                type="button"
                id={buttonId(keyOf(item), false)}
                disabled={index === items.length - 1}
                onClick={() => byKey(index, false)}
              >
                <span aria-hidden="true">↓</span>
                <span className="visually-hidden">Move {labelOf(item)} down</span>
              </button>
            </span>
          </li>
        ))}
      </ol>
      <p role="status" className="visually-hidden">
        {said}
      </p>
    </>
  );
}
