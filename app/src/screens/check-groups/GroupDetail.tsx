import { useRef, useState } from "react";
import { FormError } from "../../ui/FormError";
import { graphql, type PreloadedQuery, useMutation, usePreloadedQuery } from "react-relay";
import type { GroupDetailDeleteMutation } from "../../__generated__/GroupDetailDeleteMutation.graphql";
import type { GroupDetailQuery } from "../../__generated__/GroupDetailQuery.graphql";
import { useRefetch } from "../../relay/useRefetchOnEvents";
import type { ScreenProps } from "../../routes";
import { Link, navigate } from "../../router/router";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { AddChecks } from "./AddChecks";
import { GroupChecks } from "./GroupChecks";
import { groupDetailQuery } from "./GroupDetailQuery";
import { settingsOf } from "./summary";

const remove = graphql`
  mutation GroupDetailDeleteMutation($id: ID!) {
    result: deleteCheckGroup(id: $id) {
      __typename
      ... on Error {
        message
      }
    }
  }
`;

/** A group: the settings it gives its checks, its checks (with what each inherits), moving checks in and out. */
export function GroupDetail({ queryRef }: ScreenProps) {
  const ref = queryRef as PreloadedQuery<GroupDetailQuery>;
  const data = usePreloadedQuery<GroupDetailQuery>(groupDetailQuery, ref);
  const reread = useRefetch(groupDetailQuery, ref.variables, 0);
  const dialog = useRef<HTMLDialogElement>(null);
  const [commitDelete, deleting] = useMutation<GroupDetailDeleteMutation>(remove);
  const [refused, setRefused] = useState("");
  const group = data.node?.group;
  if (!group)
    return (
      <section className="panel">
        <h1>Check group not found</h1>
        <p>
          It may have been deleted. <Link to="/check-groups">Back to the groups</Link>
        </p>
      </section>
    );
  const settings = settingsOf(group);
  return (
    <>
      <p>
        <Link to="/check-groups">← Check groups</Link>
      </p>
      <h1>{group.name}</h1>
      <section className="panel" aria-labelledby="group-settings">
        <h2 id="group-settings">Settings its checks inherit</h2>
        <dl className="settings">
          {settings.map(([term, value]) => (
            <div key={term}>
              <dt>{term}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        <FormError text={refused} />
        <div className="actions">
          <Link to={`/check-groups/${encodeURIComponent(group.id)}/edit`} className="button">
            Edit the settings
          </Link>
          <button type="button" className="danger" disabled={deleting} onClick={() => dialog.current?.showModal()}>
            Delete…
          </button>
        </div>
      </section>
      <GroupChecks group={group} onMoved={reread} />
      <AddChecks query={data} groupId={group.id} onMoved={reread} />
      <ConfirmDialog
        dialog={dialog}
        id="delete-group"
        title={`Delete ${group.name}?`}
        text="Only an empty group can go: take its checks out first. This cannot be undone."
        action="Delete"
        danger
        onConfirm={() => {
          dialog.current?.close();
          commitDelete({
            variables: { id: group.id },
            onCompleted: ({ result }) =>
              result.__typename === "DeleteCheckGroupSuccess"
                ? navigate("/check-groups")
                : setRefused(result.message ?? ""),
            onError: (error) => setRefused(error.message),
          });
        }}
      />
    </>
  );
}
