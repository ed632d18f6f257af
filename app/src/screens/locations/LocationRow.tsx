import { useState } from "react";
import { graphql, useFragment, useMutation } from "react-relay";
import type { LocationRow_location$key } from "../../__generated__/LocationRow_location.graphql";
import type { LocationRowKeyMutation } from "../../__generated__/LocationRowKeyMutation.graphql";
import { ago, dateTime } from "../../ui/format";
import { AgentKeys } from "./AgentKeys";
import { AgentsTable } from "./AgentsTable";
import { EditLocation } from "./EditLocation";
import { ShownKey } from "./ShownKey";

export const locationFields = graphql`
  fragment LocationRow_location on PrivateLocation {
    id
    name
    slugName
    proxyUrl
    lastSeen
    queueSize
    agentCount
    keys {
      id
      maskedKey
    }
    agents {
      agentId
      version
      platform
      runtimeVersion
      startedAt
      lastSeen
      runsHeld
    }
  }
`;

const newKey = graphql`
  mutation LocationRowKeyMutation($id: ID!) {
    result: createAgentKey(privateLocationId: $id) {
      __typename
      ... on CreateAgentKeySuccess {
        data {
          rawKey
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

/** One location: its agents live, its queue, its keys (masked); edit, another key, delete (asked by the list). */
export function LocationRow({
  location,
  onDelete,
}: {
  location: LocationRow_location$key;
  onDelete: (target: { id: string; name: string }) => void;
}) {
  const data = useFragment(locationFields, location);
  const [editing, setEditing] = useState(false);
  const [message, setMessage] = useState("");
  const [shown, setShown] = useState<string | null>(null);
  const [commitKey, making] = useMutation<LocationRowKeyMutation>(newKey);
  const makeKey = () =>
    commitKey({
      variables: { id: data.id },
      onCompleted: ({ result }) => {
        if (result.data) return setShown(result.data.rawKey);
        setMessage(result.message ?? "No key was made.");
      },
      onError: (error) => setMessage(error.message),
    });
  const heading = `location-${data.slugName}`;
  return (
    <li data-testid="location-row" aria-labelledby={heading}>
      <h3 id={heading}>
        {data.name} <code className="muted">{data.slugName}</code>
      </h3>
      <p data-testid="location-state">
        {data.agentCount === 0
          ? "No agent connected"
          : `${data.agentCount} agent${data.agentCount === 1 ? "" : "s"} connected`}{" "}
        · last seen{" "}
        <time dateTime={data.lastSeen ?? undefined} title={dateTime(data.lastSeen)}>
          {ago(data.lastSeen)}
        </time>{" "}
        · {data.queueSize} run{data.queueSize === 1 ? "" : "s"} queued
        {data.proxyUrl ? ` · through ${data.proxyUrl}` : ""}
      </p>
      <AgentsTable agents={data.agents} location={data.name} />
      <AgentKeys location={data} keys={data.keys} />
      {editing ? (
        <EditLocation
          location={data}
          onDone={(text) => {
            setEditing(false);
            setMessage(text);
          }}
        />
      ) : (
        <div className="actions">
          <button type="button" onClick={() => setEditing(true)}>
            Edit {data.name}
          </button>
          <button type="button" onClick={makeKey} disabled={making}>
            Another key for {data.name}
          </button>
          <button type="button" className="danger" onClick={() => onDelete(data)}>
            Delete {data.name}…
          </button>
        </div>
      )}
      <p role="status" className="muted">
        {message}
      </p>
      {shown ? <ShownKey rawKey={shown} what={data.name} /> : null}
    </li>
  );
}
