import { type FormEvent, useState } from "react";
import { graphql, useMutation } from "react-relay";
import type { SetupMutation } from "../../__generated__/SetupMutation.graphql";
import type { ScreenProps } from "../../routes";
import { CopyButton } from "../../ui/CopyButton";

/**
 * The first run (the link `vigil serve` logs on an empty database): creates the first account,
 * shows its API key once, and the person is signed in. A button, not a request on load, so that
 * a link preview or a reload cannot spend the single-use token.
 */
export function Setup({ search }: ScreenProps) {
  const token = search.get("token") ?? "";
  const [accountName, setAccountName] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [apiKey, setApiKey] = useState<string | null>(null);
  const [commit, pending] = useMutation<SetupMutation>(graphql`
    mutation SetupMutation($token: String!, $accountName: String) {
      completeSetup(token: $token, accountName: $accountName) {
        __typename
        ... on CompleteSetupSuccess {
          apiKey
          session {
            account {
              name
            }
          }
        }
        ... on Error {
          message
        }
      }
    }
  `);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    commit({
      variables: { token, accountName: accountName.trim() || null },
      onCompleted: ({ completeSetup }) => {
        if (completeSetup.__typename === "CompleteSetupSuccess") setApiKey(completeSetup.apiKey ?? null);
        else setError(("message" in completeSetup && completeSetup.message) || "Setup failed.");
      },
      onError: (failure) => setError(failure.message),
    });
  };
  if (apiKey)
    return (
      <section className="panel">
        <h1>Your account is ready</h1>
        <p>
          This is your API key. <strong>It is shown only this once</strong>: store it in a password manager. You sign in
          with it, and scripts and CI use it to call the API.
        </p>
        <p id="api-key" className="key" data-testid="api-key">
          {apiKey}
        </p>
        <div className="actions">
          <CopyButton text={apiKey} label="Copy the key" targetId="api-key" />
        </div>
        <p>
          <a href="/">Continue to Vigil</a> (you are signed in).
        </p>
      </section>
    );
  return (
    <section className="panel">
      <h1>Set up Vigil</h1>
      {token ? null : (
        <p role="alert" className="error">
          This link has no setup token: open the link that vigil serve printed in its log.
        </p>
      )}
      <form onSubmit={submit} className="form">
        <label>
          Account name (optional)
          <input
            name="accountName"
            value={accountName}
            maxLength={255}
            onChange={(event) => setAccountName(event.target.value)}
          />
        </label>
        {error ? (
          <p role="alert" className="error">
            {error}
          </p>
        ) : null}
        <div>
          <button type="submit" className="primary" disabled={pending || !token}>
            {pending ? "Creating…" : "Create the account"}
          </button>
        </div>
      </form>
    </section>
  );
}
