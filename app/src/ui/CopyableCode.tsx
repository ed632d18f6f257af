import { CopyButton } from "./CopyButton";

/** A value to copy (a key, a command, a snippet), wrapped to fit narrow screens, with its copy button. */
export function CopyableCode({ id, text, label }: { id: string; text: string; label: string }) {
  return (
    <>
      <p>
        <code className="key" id={id} data-testid={id}>
          {text}
        </code>
      </p>
      <CopyButton text={text} label={label} targetId={id} />
    </>
  );
}
