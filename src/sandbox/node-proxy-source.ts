import { packagePath } from "./bwrap.js";
import { PROXY_PORT, PROXY_URL } from "./relay-source.js";

/**
 * Source for the fixture of a sandboxed run (src/engine/browser/fixture-source.ts): the script's
 * own Node code and Playwright's gets the proxy, since nothing else has a route out of the
 * sandbox. Node's `fetch` (undici's global dispatcher), `http`/`https`'s global agents (a CONNECT
 * tunnel through the proxy), and every Playwright launch and request context the script makes
 * without a proxy of its own. Code that opens its own sockets simply has no route (docs/monitoring.md, "The script sandbox").
 * `real` is the Playwright module object.
 */
export function nodeProxySource(): string {
  return `(() => {
  const net = require("node:net");
  const http = require("node:http");
  const https = require("node:https");
  const tls = require("node:tls");
  const PROXY = { server: ${JSON.stringify(PROXY_URL)}, bypass: "<-loopback>" };
  const undici = require(${JSON.stringify(packagePath("undici", true))});
  undici.setGlobalDispatcher(new undici.ProxyAgent(PROXY.server));

  function tunnel(options, callback) {
    const host = String(options.host || options.hostname || "localhost").replace(/^\\[|\\]$/g, "");
    const target = (net.isIPv6(host) ? "[" + host + "]" : host) + ":" + (options.port || 80);
    const socket = net.connect(${PROXY_PORT}, "127.0.0.1");
    let head = Buffer.alloc(0);
    const fail = (error) => { socket.destroy(); callback(error); };
    const onData = (chunk) => {
      head = Buffer.concat([head, chunk]);
      const end = head.indexOf("\\r\\n\\r\\n");
      if (end < 0) return head.length > 16384 ? fail(new Error("the proxy's answer is too long")) : undefined;
      socket.removeListener("data", onData);
      socket.removeListener("error", fail);
      socket.pause();
      const text = head.toString("latin1");
      if (!/^HTTP\\/1\\.[01] 200/.test(text)) return fail(new Error("proxy: " + (text.slice(end + 4).trim() || text.split("\\r\\n")[0]) + " (" + target + ")"));
      if (head.length > end + 4) socket.unshift(head.subarray(end + 4));
      callback(null, socket);
    };
    socket.once("connect", () => socket.write("CONNECT " + target + " HTTP/1.1\\r\\nHost: " + target + "\\r\\n\\r\\n"));
    socket.on("data", onData);
    socket.on("error", fail);
  }
  class TunnelAgent extends http.Agent {
    createConnection(options, callback) { tunnel(options, callback); }
  }
  class TlsTunnelAgent extends https.Agent {
    createConnection(options, callback) {
      tunnel(options, (error, socket) => error ? callback(error) : callback(null, tls.connect({ ...options, socket })));
    }
  }
  http.globalAgent = new TunnelAgent({ keepAlive: true });
  https.globalAgent = new TlsTunnelAgent({ keepAlive: true });

  const withProxy = (target, method, at) => {
    const original = target[method].bind(target);
    target[method] = (...args) => {
      const options = args[at] || {};
      args[at] = options.proxy ? options : { ...options, proxy: PROXY };
      return original(...args);
    };
  };
  withProxy(real.chromium, "launch", 0);
  withProxy(real.chromium, "launchServer", 0);
  withProxy(real.chromium, "launchPersistentContext", 1);
  withProxy(real.request, "newContext", 0);
})();
`;
}
