import { graphql, useMutation } from "react-relay";
import type { SignOutMutation } from "../__generated__/SignOutMutation.graphql";

/** Ends the session (the server clears the cookie), then starts afresh on the sign-in page. */
export function SignOutButton() {
  const [commit, pending] = useMutation<SignOutMutation>(graphql`
    mutation SignOutMutation {
      signOut {
        __typename
      }
    }
  `);
  const signOut = () =>
    commit({
      variables: {},
      onCompleted: () => location.assign("/sign-in"),
      onError: () => location.assign("/sign-in"),
    });
  return (
    <button type="button" onClick={signOut} disabled={pending}>
      Sign out
    </button>
  );
}
