// Starts a real, throw-away PostgreSQL server from Debian's `postgresql` package on 127.0.0.1
// (a free port, a temporary data directory) and stops it by PID at the end. .ci/run installs the
// package; on a machine without it the error says what to install.
import { execFileSync, spawn } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

export type PostgresServer = { url: (database: string) => string; stop: () => Promise<void> };

function binDir(): string {
  const base = "/usr/lib/postgresql";
  const versions = existsSync(base) ? readdirSync(base).filter((v) => existsSync(`${base}/${v}/bin/initdb`)) : [];
  const newest = versions.sort((a, b) => Number(b) - Number(a))[0];
  if (!newest) {
    throw new Error(
      "PostgreSQL server binaries not found under /usr/lib/postgresql: install Debian's package (apt-get install -y postgresql); .ci/run does this",
    );
  }
  return `${base}/${newest}/bin`;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

export async function startPostgres(): Promise<PostgresServer> {
  const bin = binDir();
  const dir = mkdtempSync(join(tmpdir(), "vigil-pg-"));
  const data = join(dir, "data");
  // initdb refuses to run as root: run the server as Debian's `postgres` user then.
  const asRoot = process.getuid?.() === 0;
  if (asRoot)
    chownSync(
      dir,
      Number(execFileSync("id", ["-u", "postgres"]).toString().trim()),
      Number(execFileSync("id", ["-g", "postgres"]).toString().trim()),
    );
  const run = (cmd: string, args: string[]) =>
    (asRoot ? ["runuser", ["-u", "postgres", "--", cmd, ...args]] : [cmd, args]) as [string, string[]];
  execFileSync(
    ...run(`${bin}/initdb`, ["-D", data, "-U", "postgres", "--auth=trust", "--encoding=UTF8", "--no-sync"]),
    { stdio: "ignore" },
  );
  const port = await freePort();
  const server = spawn(
    ...run(`${bin}/postgres`, [
      "-D",
      data,
      "-p",
      String(port),
      "-c",
      "listen_addresses=127.0.0.1",
      "-c",
      `unix_socket_directories=${dir}`,
      "-c",
      "fsync=off",
      "-c",
      "synchronous_commit=off",
      "-c",
      "full_page_writes=off",
      "-c",
      "max_connections=300",
    ]),
    { stdio: ["ignore", "ignore", "pipe"], detached: false },
  );
  let log = "";
  server.stderr?.on("data", (chunk) => (log += chunk));
  const url = (database: string) => `postgresql://postgres@127.0.0.1:${port}/${database}`;
  const { default: pg } = await import("pg");
  for (let tries = 0; ; tries++) {
    const client = new pg.Client({ connectionString: url("postgres") });
    try {
      await client.connect();
      await client.end();
      break;
    } catch (error) {
      await client.end().catch(() => undefined);
      if (tries > 100 || server.exitCode !== null)
        throw new Error(`PostgreSQL did not start: ${(error as Error).message}\n${log}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return {
    url,
    stop: async () => {
      // A fast shutdown: disconnect clients, then exit. pg_ctl signals the postmaster by its PID
      // file, which also works when runuser stands between us and the server.
      const exited = server.exitCode === null ? new Promise((r) => server.once("exit", r)) : Promise.resolve();
      try {
        execFileSync(...run(`${bin}/pg_ctl`, ["stop", "-D", data, "-m", "fast", "-w", "-t", "20"]), {
          stdio: "ignore",
        });
      } catch {
        server.kill("SIGKILL");
      }
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5_000))]);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
