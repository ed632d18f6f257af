// The operator app's session edges in Debian's Chromium against a real `vigil serve`: a page whose
// key is revoked meanwhile ends on the sign-in page by itself, and a page of another origin cannot
// open the GraphQL WebSocket with the browser's cookie while the app's own page can.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useBrowser } from "../../support/browser.js";
import { completeSetup, expectNotReloaded, markPage, useVigilServe } from "../../support/operator-app.js";

/**
 * Opens a graphql-transport-ws socket from the page and asks who it is signed in as: "signed in as
 * <account>", "not signed in" (acknowledged without a session), or how it ended without an answer.
 */
function probeSocket(page: Page, url: string): Promise<string> {
  return page.evaluate(
    (target) =>
      new Promise<string>((resolve) => {
        const ws = new WebSocket(target, "graphql-transport-ws");
        ws.onopen = () => ws.send(JSON.stringify({ type: "connection_init", payload: {} }));
        ws.onmessage = (event) => {
          const message = JSON.parse(String(event.data));
          if (message.type === "connection_ack")
            ws.send(
              JSON.stringify({ id: "1", type: "subscribe", payload: { query: "{ session { account { name } } }" } }),
            );
          if (message.type !== "next") return;
          const session = message.payload.data?.session;
          resolve(session ? `signed in as ${session.account.name}` : "not signed in");
          ws.close();
        };
        ws.onclose = (event) => resolve(`closed ${event.code}`);
        setTimeout(() => resolve("no answer"), 5_000);
      }),
    url,
  );
}

describe("the operator app's session in a browser", () => {
  const vigil = useVigilServe();
  const browsers = useBrowser();
  // Another origin on the same machine: a tiny page, nothing else.
  let foreign: Server;
  let foreignPort = 0;
  beforeAll(async () => {
    foreign = createServer((_req, res) => res.end("<!doctype html><title>elsewhere</title><p>elsewhere</p>"));
    await new Promise<void>((resolve) => foreign.listen(0, "127.0.0.1", resolve));
    foreignPort = (foreign.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => foreign?.close(() => resolve())));

  it("refuses another origin's socket, and signs a revoked page out without a reload", {
    timeout: 120_000,
  }, async () => {
    // Vigil as http://localhost:<port>: the session cookie belongs to the host localhost.
    const base = vigil.url.replace("127.0.0.1", "localhost");
    const context = await browsers.newContext();
    const page = await context.newPage();
    const key = await completeSetup(page, vigil.setupLink().replace(vigil.url, base));
    expect((await context.cookies(base)).length).toBeGreaterThan(0);
    const socketUrl = `${base.replace("http", "ws")}/graphql`;
    expect(await probeSocket(page, socketUrl)).toMatch(/^signed in as /);

    // localhost:<other port> is the same site, so Chromium sends the cookie, but another origin:
    // the server refuses the upgrade. 127.0.0.1:<other port> is another site: SameSite=Lax keeps
    // the cookie back, and the socket is a key-less one (public data only), not signed in.
    const other = await context.newPage();
    await other.goto(`http://localhost:${foreignPort}/`);
    await other.getByText("elsewhere").waitFor();
    expect(await probeSocket(other, socketUrl)).toMatch(/^closed /);
    await other.goto(`http://127.0.0.1:${foreignPort}/`);
    await other.getByText("elsewhere").waitFor();
    expect(await probeSocket(other, socketUrl)).toBe("not signed in");

    // The key is revoked elsewhere (REST, with a second key): the open page ends on the sign-in page.
    const api = (method: string, path: string, bearer: string) =>
      fetch(`${vigil.url}${path}`, { method, headers: { authorization: `Bearer ${bearer}` } });
    const created = await api("POST", "/v1/api-keys", key);
    expect(created.status).toBe(201);
    const second = (await created.json()).key as string;
    const [first] = await (await api("GET", "/v1/api-keys", second)).json();
    await page.goto(`${base}/`);
    await page.getByRole("heading", { name: "Overview" }).waitFor();
    await page.waitForLoadState("networkidle");
    await markPage(page);
    expect((await api("DELETE", `/v1/api-keys/${first.id}`, second)).status).toBe(204);
    await page.waitForURL(/\/sign-in/, { timeout: 20_000 });
    await page.getByRole("button", { name: "Sign in" }).waitFor();
    await expectNotReloaded(page);
  });
});
