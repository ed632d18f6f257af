import { useRef, useState } from "react";

/**
 * What a destructive action is about, asked in a ConfirmDialog first: `ask(x)` opens the dialog
 * about x; `take()` closes it and gives x back for the action.
 */
export function useAsk<T>() {
  const dialog = useRef<HTMLDialogElement>(null);
  const [target, setTarget] = useState<T | null>(null);
  const ask = (value: T) => {
    setTarget(value);
    dialog.current?.showModal();
  };
  const take = () => {
    dialog.current?.close();
    return target;
  };
  return { dialog, target, ask, take };
}
