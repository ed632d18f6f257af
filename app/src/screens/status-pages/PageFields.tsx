import { Field } from "../form/Field";
import type { Values } from "./values";

type Props = {
  values: Values;
  set: (change: Partial<Values>) => void;
  errors: Record<string, string>;
  domain: { verified: boolean | null | undefined; token: string | null | undefined; saved: string | null | undefined };
};

/** The custom domain's state: answered on it only once its TXT record holds the page's token. */
function DomainState({ domain }: { domain: Props["domain"] }) {
  if (!domain.saved) return null;
  if (domain.verified)
    return (
      <p data-testid="domain-state">
        <span className="badge PASSING">
          <span aria-hidden="true">✓</span> Verified
        </span>{" "}
        The page answers at https://{domain.saved}/.
      </p>
    );
  return (
    <p data-testid="domain-state">
      <span className="badge DEGRADED">
        <span aria-hidden="true">▲</span> Not verified yet
      </span>{" "}
      Publish a TXT record <code>_vigil.{domain.saved}</code> holding <code>{domain.token}</code>; Vigil checks it every
      10 minutes and on each save.
    </p>
  );
}

/** Name, address, domain, logo, privacy and the webhook secret (write-only) of a page. */
export function PageFields({ values, set, errors, domain }: Props) {
  const text = (id: keyof Values, label: string, hint?: string) => (
    <Field id={id} label={label} hint={hint} error={errors[id]}>
      {(props) => (
        <input {...props} value={values[id] as string} onChange={(event) => set({ [id]: event.target.value })} />
      )}
    </Field>
  );
  return (
    <>
      {text("name", "Name")}
      {text("url", "URL", "The page's address: /status/<this>; a-z, 0-9 and -")}
      {text("description", "Description")}
      {text("customDomain", "Custom domain", "e.g. status.example.com")}
      <DomainState domain={domain} />
      {text("logo", "Logo URL")}
      {text("logoDark", "Logo URL for the dark theme")}
      <div className="field">
        <label className="inline">
          <input
            type="checkbox"
            checked={values.isPrivate}
            onChange={(event) => set({ isPrivate: event.target.checked })}
          />{" "}
          Private: only visitors with one of its keys see it
        </label>
      </div>
      <Field
        id="webhookSecret"
        label="Webhook secret"
        hint="Signs deliveries to the page's webhook subscribers. Write-only: never shown; leave empty to keep the current one."
        error={errors.webhookSecret}
      >
        {(props) => (
          <input
            {...props}
            type="password"
            autoComplete="new-password"
            value={values.webhookSecret}
            onChange={(event) => set({ webhookSecret: event.target.value })}
          />
        )}
      </Field>
    </>
  );
}
