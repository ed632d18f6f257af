// The operator app's side of signing in, as a browser does it: mutations that set the
// vigil_session cookie, then requests that carry it (with the app's header, from our own origin).

export const SIGN_IN = `mutation ($apiKey: String!) { signIn(apiKey: $apiKey) {
  __typename
  ... on SignInSuccess { session { createdAt expiresAt idleExpiresAt account { id } } }
  ... on UnauthenticatedError { message } } }`;
export const SIGN_OUT = "mutation { signOut { __typename ... on SignOutSuccess { signedOut } } }";
export const SESSION = "{ session { createdAt expiresAt idleExpiresAt account { id name } } }";

export type Answer = {
  status: number;
  body: { data?: any; errors?: { message: string; extensions?: { code?: string } }[] };
  /** The Set-Cookie headers of the answer. */
  cookies: string[];
};

/** A POST to /graphql with JSON, the `cookie` (a `vigil_session=…` pair) and the extra headers. */
export async function cookieGql(
  base: string,
  query: string,
  {
    cookie,
    variables,
    headers = {},
  }: { cookie?: string; variables?: Record<string, unknown>; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const response = await fetch(`${base}/graphql`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      accept: "application/graphql-response+json, application/json",
      ...(cookie ? { cookie } : {}),
      ...headers,
    },
    body: JSON.stringify({ query, variables }),
  });
  return {
    status: response.status,
    body: (await response.json()) as Answer["body"],
    cookies: response.headers.getSetCookie(),
  };
}

/** The `name=value` pair of the vigil_session cookie an answer set. */
export function sessionPair(answer: Pick<Answer, "cookies">): string {
  const set = answer.cookies.find((cookie) => cookie.startsWith("vigil_session="));
  if (!set) throw new Error(`no vigil_session cookie set: ${JSON.stringify(answer.cookies)}`);
  return set.split(";")[0]!;
}

/** Signs in with `apiKey` and returns the cookie pair to send. */
export async function signIn(base: string, apiKey: string): Promise<string> {
  const answer = await cookieGql(base, SIGN_IN, { variables: { apiKey } });
  if (answer.body.data?.signIn?.__typename !== "SignInSuccess") throw new Error(JSON.stringify(answer.body));
  return sessionPair(answer);
}
