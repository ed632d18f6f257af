import "./status-pages.css";
import { type FormEvent, useState } from "react";
import { graphql, type PreloadedQuery, useMutation, usePreloadedQuery } from "react-relay";
import type { EditorQuery } from "../../__generated__/EditorQuery.graphql";
import type { StatusPageEditorCreateMutation } from "../../__generated__/StatusPageEditorCreateMutation.graphql";
import type { StatusPageEditorUpdateMutation } from "../../__generated__/StatusPageEditorUpdateMutation.graphql";
import type { ScreenProps } from "../../routes";
import { Link, navigate } from "../../router/router";
import { DeleteAction } from "../../ui/DeleteAction";
import { fieldErrors } from "../../ui/fieldErrors";
import { FormError } from "../../ui/FormError";
import { CardsEditor } from "./CardsEditor";
import { statusPageEditorQuery } from "./EditorQuery";
import { KeysPanel } from "./KeysPanel";
import { PageFields } from "./PageFields";
import { Preview } from "./Preview";
import { SubscribersPanel } from "./SubscribersPanel";
import { ThemeFields } from "./ThemeFields";
import { fieldOf, inputOf, type Values, valuesOf } from "./values";

const create = graphql`
  mutation StatusPageEditorCreateMutation($input: StatusPageInput!) {
    result: createStatusPage(input: $input) {
      __typename
      ... on CreateStatusPageSuccess {
        data {
          id
        }
      }
      ... on Error {
        message
      }
      ... on ValidationError {
        fieldPaths
      }
    }
  }
`;

const update = graphql`
  mutation StatusPageEditorUpdateMutation($id: ID!, $input: StatusPageInput!) {
    result: updateStatusPage(id: $id, input: $input) {
      __typename
      ... on UpdateStatusPageSuccess {
        data {
          ...StatusPageEditorFields @relay(mask: false)
          ...KeysPanel_page
        }
      }
      ... on Error {
        message
      }
      ... on ValidationError {
        fieldPaths
      }
    }
  }
`;

const remove = graphql`
  mutation StatusPageEditorDeleteMutation($id: ID!) {
    result: deleteStatusPage(id: $id) {
      __typename
      ... on Error {
        message
      }
    }
  }
`;

/** Makes or edits a status page, with its keys and subscribers, beside a preview of the public page. */
export function StatusPageEditor({ queryRef }: ScreenProps) {
  const data = usePreloadedQuery<EditorQuery>(statusPageEditorQuery, queryRef as PreloadedQuery<EditorQuery>);
  const page = data.node?.page ?? null;
  const [values, setValues] = useState<Values>(() => valuesOf(page, data.defaultThemeColors));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saved, setSaved] = useState("");
  const [version, setVersion] = useState(0);
  const [commitCreate, creating] = useMutation<StatusPageEditorCreateMutation>(create);
  const [commitUpdate, updating] = useMutation<StatusPageEditorUpdateMutation>(update);
  const set = (change: Partial<Values>) => setValues((current) => ({ ...current, ...change }));
  const refused = (result: { message?: string; fieldPaths?: readonly string[] }) =>
    setErrors(fieldErrors(result, fieldOf, "The page was not saved."));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    setSaved("");
    const input = inputOf(values);
    if (!page)
      return commitCreate({
        variables: { input },
        onCompleted: ({ result }) =>
          result.data ? navigate(`/status-pages/${encodeURIComponent(result.data.id)}`) : refused(result),
        onError: (error) => setErrors({ form: error.message }),
      });
    commitUpdate({
      variables: { id: page.id, input },
      onCompleted: ({ result }) => {
        if (!result.data) return refused(result);
        // New cards now have ids; the secret stays write-only (the field empties).
        setValues(valuesOf(result.data, values.colors));
        setSaved(`Saved at ${new Date().toLocaleTimeString()}.`);
        setVersion((v) => v + 1);
      },
      onError: (error) => setErrors({ form: error.message }),
    });
  };
  return (
    <>
      <p>
        <Link to="/status-pages">← Status pages</Link>
      </p>
      <h1>{page ? `Edit ${page.name}` : "New status page"}</h1>
      <div className="editor">
        <div>
          <form className="form panel" onSubmit={submit} noValidate aria-label="Status page">
            <FormError text={errors.form} />
            <PageFields
              values={values}
              set={set}
              errors={errors}
              domain={{
                verified: page?.customDomainVerified,
                token: page?.customDomainToken,
                saved: page?.customDomain,
              }}
            />
            <ThemeFields values={values} set={set} error={errors.themeColors} />
            <CardsEditor cards={values.cards} onChange={(cards) => set({ cards })} query={data} errors={errors} />
            <div className="actions">
              <button type="submit" className="primary" disabled={creating || updating}>
                {page ? "Save the page" : "Create the page"}
              </button>
              <span role="status" className="muted" data-testid="saved">
                {saved}
              </span>
            </div>
          </form>
          {page ? <KeysPanel page={page} /> : null}
          {page ? <SubscribersPanel page={page} /> : null}
          {page ? (
            <section className="panel" aria-labelledby="danger">
              <h2 id="danger">Delete</h2>
              <DeleteAction
                mutation={remove}
                id={page.id}
                after="/status-pages"
                label="Delete the page…"
                dialogId="delete-page"
                title={`Delete ${page.name}?`}
                text="Its address stops answering and its keys and subscribers go; its services and incidents stay."
              />
            </section>
          ) : null}
        </div>
        {page ? <Preview url={page.url} version={version} /> : null}
      </div>
    </>
  );
}
