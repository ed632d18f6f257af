import type { PageChoice } from "./PagePicker";

/**
 * Which services of the chosen pages a window shows as affected: all of them, or those ticked
 * (each service once, though several pages show it). Services of pages not loaded yet ("More
 * status pages") stay chosen as stored.
 */
export function AffectedServices({
  pages,
  chosenPages,
  all,
  serviceIds,
  onChange,
  error,
}: {
  pages: PageChoice[];
  chosenPages: readonly string[];
  all: boolean;
  serviceIds: readonly string[];
  onChange: (change: { affectAllServices?: boolean; serviceIds?: string[] }) => void;
  error?: string;
}) {
  const shown = new Map<string, string>();
  for (const page of pages)
    if (chosenPages.includes(page.databaseId))
      for (const service of page.services) shown.set(service.databaseId, service.name);
  return (
    <fieldset aria-describedby={error ? "serviceIds-error" : undefined} data-testid="affected-services">
      <legend>Services shown as affected</legend>
      <label className="inline">
        <input type="radio" name="affected" checked={all} onChange={() => onChange({ affectAllServices: true })} />{" "}
        Every service of the chosen pages
      </label>
      <label className="inline">
        <input type="radio" name="affected" checked={!all} onChange={() => onChange({ affectAllServices: false })} />{" "}
        Only these:
      </label>
      {!all && shown.size === 0 ? <p className="muted">The chosen pages show no service.</p> : null}
      {all
        ? null
        : [...shown].map(([id, name]) => (
            <label key={id} className="inline">
              <input
                type="checkbox"
                checked={serviceIds.includes(id)}
                onChange={(event) =>
                  onChange({
                    serviceIds: event.target.checked ? [...serviceIds, id] : serviceIds.filter((s) => s !== id),
                  })
                }
              />{" "}
              {name}
            </label>
          ))}
      {error ? (
        <small id="serviceIds-error" className="field-error" data-testid="error-serviceIds">
          {error}
        </small>
      ) : null}
    </fieldset>
  );
}
