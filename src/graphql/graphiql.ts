import type { GraphiQLOptions, Plugin } from "graphql-yoga";

/**
 * GraphiQL from the installed @graphql-yoga/render-graphiql instead of yoga's default page, which
 * loads its scripts from unpkg.com and stays blank without internet. The page is small and names
 * the assets below as /graphql?graphiql=<name> on this server (a query parameter, so that /graphql
 * stays the one GraphQL route); the ~9 MB bundle is loaded on first use only.
 */
const PARAMETER = "graphiql";

type Bundle = typeof import("@graphql-yoga/render-graphiql/graphiql");
let bundle: Promise<Bundle> | undefined;
const load = () => {
  bundle ??= import("@graphql-yoga/render-graphiql/graphiql");
  return bundle;
};

const ASSETS: Record<string, { type: string; body: (b: Bundle) => string | Uint8Array<ArrayBuffer> }> = {
  "graphiql.js": { type: "text/javascript", body: (b) => b.js },
  "graphiql.css": { type: "text/css", body: (b) => b.css },
  "editor.worker.js": { type: "text/javascript", body: (b) => b.editorWorkerService },
  "json.worker.js": { type: "text/javascript", body: (b) => b.jsonWorker },
  "graphql.worker.js": { type: "text/javascript", body: (b) => b.graphqlWorker },
  "favicon.ico": {
    type: "image/x-icon",
    body: (b) => new Uint8Array(Buffer.from(b.favicon.split(",")[1] ?? "", "base64")),
  },
};

const asset = (name: string) => `/graphql?${PARAMETER}=${name}`;
/** JSON inside a <script>: `</script>` in an option must not end the element. */
const scriptJson = (value: unknown) => JSON.stringify(value).replaceAll("<", "\\u003c");

export function renderGraphiQL(options: GraphiQLOptions): string {
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>${options.title ?? "Vigil GraphiQL"}</title>
    <link rel="icon" href="${asset("favicon.ico")}" />
    <link rel="stylesheet" href="${asset("graphiql.css")}" />
  </head>
  <body id="body" class="no-focus-outline">
    <noscript>You need to enable JavaScript to run this app.</noscript>
    <div id="root"></div>
    <script>
      const workers = {
        editorWorkerService: ${scriptJson(asset("editor.worker.js"))},
        json: ${scriptJson(asset("json.worker.js"))},
        graphql: ${scriptJson(asset("graphql.worker.js"))},
      };
      self.MonacoEnvironment = { globalAPI: false, getWorkerUrl: (_moduleId, label) => workers[label] };
    </script>
    <script src="${asset("graphiql.js")}"></script>
    <script>
      YogaGraphiQL.renderYogaGraphiQL(document.querySelector("#root"), ${scriptJson(options)});
    </script>
  </body>
</html>
`;
}

/** GET /graphql?graphiql=<asset>: the bundle's parts, cacheable (they change only with the package). */
export function graphiqlAssets(): Plugin {
  return {
    onRequest({ request, url, endResponse, fetchAPI }) {
      const name = request.method === "GET" ? url.searchParams.get(PARAMETER) : null;
      if (name === null) return;
      const entry = ASSETS[name];
      if (!entry) return endResponse(new fetchAPI.Response("no such GraphiQL asset", { status: 404 }));
      return load().then((bundle) =>
        endResponse(
          new fetchAPI.Response(entry.body(bundle), {
            headers: { "content-type": entry.type, "cache-control": "public, max-age=86400" },
          }),
        ),
      );
    },
  };
}
