// A small REST client for tests: real HTTP over loopback to the server of startTestApp().
export type RestResponse<T = any> = { status: number; body: T; headers: Headers };

export type RestClient = {
  get: <T = any>(path: string) => Promise<RestResponse<T>>;
  post: <T = any>(path: string, body?: unknown) => Promise<RestResponse<T>>;
  put: <T = any>(path: string, body?: unknown) => Promise<RestResponse<T>>;
  delete: <T = any>(path: string) => Promise<RestResponse<T>>;
  /** A request with a raw body and headers of the test's choosing. */
  raw: (
    method: string,
    path: string,
    init?: { body?: string; headers?: Record<string, string> },
  ) => Promise<RestResponse>;
};

type Send = <T = any>(path: string, body?: unknown) => Promise<{ status: number; body: T }>;
/** The writes of a RestClient, or of any client with that shape (the bench's). */
export type Poster = { post: Send; put: Send };

export function restClient(baseUrl: string, apiKey: string | null): RestClient {
  const auth: Record<string, string> = apiKey ? { authorization: `Bearer ${apiKey}` } : {};
  async function send(
    method: string,
    path: string,
    init: { body?: string; headers?: Record<string, string> } = {},
  ): Promise<RestResponse> {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      body: init.body,
      headers: { ...auth, ...init.headers },
    });
    const text = await response.text();
    let body: unknown = text;
    try {
      body = text === "" ? undefined : JSON.parse(text);
    } catch {
      // not JSON: keep the text
    }
    return { status: response.status, body, headers: response.headers };
  }
  const json = (method: string) => (path: string, body?: unknown) =>
    send(
      method,
      path,
      body === undefined ? {} : { body: JSON.stringify(body), headers: { "content-type": "application/json" } },
    );
  return {
    get: (path) => send("GET", path),
    post: json("POST"),
    put: json("PUT"),
    delete: (path) => send("DELETE", path),
    raw: send,
  };
}
