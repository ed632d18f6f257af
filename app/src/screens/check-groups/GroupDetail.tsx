import { graphql, type PreloadedQuery, usePreloadedQuery } from "react-relay";
import type { GroupDetailQuery } from "../../__generated__/GroupDetailQuery.graphql";
import { useRefetch } from "../../relay/useRefetchOnEvents";
import type { ScreenProps } from "../../routes";
import { Link } from "../../router/router";
import { DeleteAction } from "../../ui/DeleteAction";
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
        <div className="actions">
          <Link to={`/check-groups/${encodeURIComponent(group.id)}/edit`} className="button">
            Edit the settings
          </Link>
          <DeleteAction
            mutation={remove}
            id={group.id}
            after="/check-groups"
            dialogId="delete-group"
            title={`Delete ${group.name}?`}
            text="Only an empty group can go: take its checks out first. This cannot be undone."
          />
        </div>
      </section>
      <GroupChecks group={group} onMoved={reread} />
      <AddChecks query={data} groupId={group.id} onMoved={reread} />
    </>
  );
}
