/**
 * The public page as visitors see it, framed by the app (`?preview`: a signed-in owner may frame
 * it, a private one included). `version` changes after each save, which reloads the frame.
 */
export function Preview({ url, version, onLoad }: { url: string; version: number; onLoad?: () => void }) {
  const src = `/status/${encodeURIComponent(url)}?preview&v=${version}`;
  return (
    <section className="panel preview" aria-labelledby="preview">
      <h2 id="preview">Preview</h2>
      <p className="muted">
        As saved; it reloads after each save. <a href={`/status/${encodeURIComponent(url)}`}>Open the page</a>
      </p>
      <iframe title="Preview of the public page" src={src} data-version={version} onLoad={onLoad} />
    </section>
  );
}
