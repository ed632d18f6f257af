import { CopyButton } from "./CopyButton";

/** A secret just made (an API key, a page's key): shown this once with a copy button; only its hash is kept. */
export function ShownOnce({ secret, id }: { secret: string | null; id: string }) {
  if (!secret) return null;
  return (
    <div role="status">
      <p>
        <strong>Copy the key now:</strong> it is shown this once, and Vigil keeps only its hash.
      </p>
      <p>
        <code className="key" id={id} data-testid={id}>
          {secret}
        </code>
      </p>
      <CopyButton text={secret} label="Copy the key" targetId={id} />
    </div>
  );
}
