// Starts a real, throw-away Redis server from Debian's `redis-server` package on 127.0.0.1 (a free
// port, no persistence) and stops it by PID at the end. `npm test`'s pretest installs the package;
// on a machine without it the error says what to install. `stop()` then `start()` again on the same
// port lets a test take Redis away mid-run and bring it back.
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { createConnection } from "node:net";
import { freePort } from "./postgres-server.js";

export type RedisServer = {
  url: string;
  port: number;
  /** Stops the server (SIGTERM, then SIGKILL after 5 s). */
  stop: () => Promise<void>;
  /** Starts it again on the same port (after `stop`). */
  start: () => Promise<void>;
};

const binary = ["/usr/bin/redis-server", "/usr/local/bin/redis-server"].find((path) => existsSync(path));

function ping(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: "127.0.0.1", port });
    socket.setTimeout(500);
    socket.once("connect", () => socket.write("PING\r\n"));
    socket.once("data", (data) => {
      socket.destroy();
      resolve(data.toString().startsWith("+PONG"));
    });
    socket.once("error", () => resolve(false));
    socket.once("timeout", () => {
      socket.destroy();
      resolve(false);
    });
  });
}

export async function startRedis(): Promise<RedisServer> {
  if (!binary) {
    throw new Error(
      "redis-server not found: install Debian's package (apt-get install -y redis-server); npm test's pretest does this as root",
    );
  }
  const port = await freePort();
  let server: ChildProcess | undefined;
  let log = "";

  async function start() {
    server = spawn(
      binary as string,
      ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--daemonize", "no"],
      { stdio: ["ignore", "pipe", "pipe"] },
    );
    server.stdout?.on("data", (chunk) => (log += chunk));
    server.stderr?.on("data", (chunk) => (log += chunk));
    for (let tries = 0; !(await ping(port)); tries++) {
      if (tries > 100 || server.exitCode !== null) throw new Error(`redis-server did not start:\n${log}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  async function stop() {
    const running = server;
    server = undefined;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((r) => running.once("exit", r));
    running.kill("SIGTERM");
    const killed = setTimeout(() => running.kill("SIGKILL"), 5_000);
    await exited;
    clearTimeout(killed);
  }

  await start();
  return { url: `redis://127.0.0.1:${port}`, port, stop, start };
}
