import type { RefObject } from "react";

/** A modal question (native <dialog>: focus kept inside, Escape cancels) before an action. */
export function ConfirmDialog({
  dialog,
  id,
  title,
  text,
  action,
  danger,
  onConfirm,
}: {
  dialog: RefObject<HTMLDialogElement | null>;
  id: string;
  title: string;
  text: string;
  action: string;
  danger: boolean;
  onConfirm: () => void;
}) {
  return (
    <dialog ref={dialog} aria-labelledby={id} className="panel">
      <h2 id={id}>{title}</h2>
      <p>{text}</p>
      <div className="actions">
        <button type="button" className={danger ? "danger" : "primary"} onClick={onConfirm}>
          {action}
        </button>
        <button type="button" onClick={() => dialog.current?.close()}>
          Cancel
        </button>
      </div>
    </dialog>
  );
}
