import { useState } from "react";

/** Copies `text`; says so in words (a live region), and falls back to selecting it for Ctrl+C. */
export function CopyButton({ text, label = "Copy", targetId }: { text: string; label?: string; targetId?: string }) {
  const [done, setDone] = useState<string | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setDone("Copied.");
    } catch {
      const target = targetId ? document.getElementById(targetId) : null;
      if (target) getSelection()?.selectAllChildren(target);
      setDone("Selected: press Ctrl+C to copy.");
    }
  };
  return (
    <>
      <button type="button" onClick={copy}>
        {label}
      </button>
      <span role="status" className="muted">
        {done}
      </span>
    </>
  );
}
