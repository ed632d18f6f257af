import { useState } from "react";
import { fetchQuery, graphql, useRelayEnvironment } from "react-relay";
import type { TemplateEditorPreviewQuery } from "../../__generated__/TemplateEditorPreviewQuery.graphql";
import { Field } from "../form/Field";

const preview = graphql`
  query TemplateEditorPreviewQuery($template: String!) {
    result: renderAlertTemplate(template: $template) {
      __typename
      ... on RenderAlertTemplateSuccess {
        data
      }
      ... on ValidationError {
        message
      }
    }
  }
`;

/** A webhook's body template: its variables listed, and a preview the server renders on a sample. */
export function TemplateEditor({
  variables,
  value,
  onChange,
  error,
}: {
  /** The names the server lists (Query.alertTemplateVariables). */
  variables: readonly string[];
  value: string;
  onChange: (value: string) => void;
  error?: string;
}) {
  const environment = useRelayEnvironment();
  const [shown, setShown] = useState<{ ok: boolean; text: string } | null>(null);
  const render = () =>
    fetchQuery<TemplateEditorPreviewQuery>(
      environment,
      preview,
      { template: value },
      { fetchPolicy: "network-only" },
    ).subscribe({
      next: ({ result }) =>
        setShown(
          result.__typename === "RenderAlertTemplateSuccess"
            ? { ok: true, text: result.data ?? "" }
            : { ok: false, text: result.__typename === "ValidationError" ? result.message : "It does not render." },
        ),
      error: (failure: Error) => setShown({ ok: false, text: failure.message }),
    });
  return (
    <>
      <Field id="template" label="Body template" hint="Handlebars; empty: the flavour's default body" error={error}>
        {(props) => (
          <textarea
            {...props}
            rows={6}
            value={value}
            onChange={(event) => onChange(event.target.value)}
            spellCheck={false}
          />
        )}
      </Field>
      <details>
        <summary>Variables</summary>
        <p className="muted">
          {variables.map((name) => `{{${name}}}`).join(" ")}; <code>{"{{json NAME}}"}</code> writes a JSON value.
        </p>
      </details>
      <div className="actions">
        <button type="button" onClick={render} disabled={!value.trim()}>
          Preview on a sample
        </button>
      </div>
      <div role="status">
        {shown ? (
          shown.ok ? (
            <pre data-testid="template-preview">{shown.text}</pre>
          ) : (
            <p className="error">{shown.text}</p>
          )
        ) : null}
      </div>
    </>
  );
}
