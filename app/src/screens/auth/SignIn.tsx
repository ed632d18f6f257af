import { type FormEvent, useState } from "react";
import { graphql, useMutation } from "react-relay";
import type { SignInMutation } from "../../__generated__/SignInMutation.graphql";
import type { ScreenProps } from "../../routes";

/** Where to go after signing in: a path of this app only, never another site. */
export function safeNext(next: string | null): string {
  return next?.startsWith("/") && !next.startsWith("//") && !next.startsWith("/sign-in") ? next : "/";
}

/** Sign-in by pasting one of the account's API keys; the server sets the session cookie. */
export function SignIn({ search }: ScreenProps) {
  const [apiKey, setApiKey] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [commit, pending] = useMutation<SignInMutation>(graphql`
    mutation SignInMutation($apiKey: String!) {
      signIn(apiKey: $apiKey) {
        __typename
        ... on SignInSuccess {
          session {
            expiresAt
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
      variables: { apiKey: apiKey.trim() },
      onCompleted: ({ signIn }) => {
        if (signIn.__typename === "SignInSuccess") location.assign(safeNext(search.get("next")));
        else setError(("message" in signIn && signIn.message) || "That key does not open an account.");
      },
      onError: (failure) => setError(failure.message),
    });
  };
  return (
    <section className="panel">
      <h1>Sign in to Vigil</h1>
      <form onSubmit={submit} className="form">
        <label>
          API key
          <input
            name="apiKey"
            type="password"
            autoComplete="current-password"
            required
            value={apiKey}
            onChange={(event) => setApiKey(event.target.value)}
            aria-describedby={error ? "sign-in-error" : "sign-in-help"}
            aria-invalid={error ? true : undefined}
          />
        </label>
        <p id="sign-in-help" className="muted">
          Paste one of your account's API keys (they start with vg_).
        </p>
        {error ? (
          <p id="sign-in-error" role="alert" className="error">
            {error}
          </p>
        ) : null}
        <div>
          <button type="submit" className="primary" disabled={pending}>
            {pending ? "Signing in…" : "Sign in"}
          </button>
        </div>
      </form>
    </section>
  );
}
