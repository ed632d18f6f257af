// Several real `vigil serve` processes on one PostgreSQL database and, optionally, one real Redis:
// the cluster test (test/integration/cluster/serve-processes.test.ts) and bench/cluster.ts. Each instance gets its
// own free port, kept across kill/restart so that clients' URL lists stay valid. Every process is
// stopped by its PID at the end, whatever happened.
import { randomBytes, randomUUID } from "node:crypto";
import { freePort } from "./postgres-server.js";
import { type Exited, runVigil, type Served, serveVigil } from "./process.js";
import { type RedisServer, startRedis } from "./redis-server.js";

export type ClusterOptions = {
  /** A PostgreSQL URL naming an empty (or migrated) database. */
  databaseUrl: string;
  instances: number;
  /** Start a throw-away redis-server and give every instance REDIS_URL. */
  redis?: boolean;
  /** Environment of every instance (RATE_LIMIT_PER_MINUTE, RUN_LEASE_MS, ENGINE_ENABLED...). */
  env?: Record<string, string>;
};

export type Instance = { url: string; port: number; served: Served | null };

export type Cluster = {
  databaseUrl: string;
  redis: RedisServer | null;
  /** The bootstrap account and key (VIGIL_ACCOUNT_ID / VIGIL_API_KEY of every instance). */
  accountId: string;
  apiKey: string;
  instances: Instance[];
  url: (i: number) => string;
  /** Signals instance i and waits for its exit; its port stays reserved for restart(i). */
  kill: (i: number, signal?: NodeJS.Signals) => Promise<number | null>;
  /** Starts instance i again on its port (after kill), waiting for readiness. */
  restart: (i: number) => Promise<void>;
  /** The `vigil` CLI against the cluster's database. */
  vigil: (args: string[]) => Promise<Exited>;
  /** A new API key of the bootstrap account (CLI `keys create`). */
  createKey: () => Promise<string>;
  /** Every instance's output so far (and Redis's state), for failure messages. */
  logs: () => string;
  stop: () => Promise<void>;
};

export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const accountId = `cluster-${randomBytes(4).toString("hex")}`;
  const apiKey = `vg_cluster_${randomUUID()}`;
  const redis = options.redis ? await startRedis() : null;
  const env = {
    DATABASE_URL: options.databaseUrl,
    VIGIL_ACCOUNT_ID: accountId,
    VIGIL_API_KEY: apiKey,
    ...(redis ? { REDIS_URL: redis.url } : {}),
    ...options.env,
  };
  const instances: Instance[] = [];
  const earlier: string[] = [];
  for (let i = 0; i < options.instances; i++) {
    const port = await freePort();
    instances.push({ url: `http://127.0.0.1:${port}`, port, served: null });
  }

  async function launch(i: number) {
    const instance = instances[i]!;
    if (instance.served) throw new Error(`instance ${i + 1} is running: kill it before restarting it`);
    instance.served = await serveVigil(env, instance.port);
  }

  async function kill(i: number, signal: NodeJS.Signals = "SIGTERM") {
    const served = instances[i]!.served;
    if (!served) return null;
    instances[i]!.served = null;
    earlier.push(`--- instance ${i + 1} (${signal}) ---\n${served.output()}`);
    if (served.child.exitCode === null) served.child.kill(signal);
    return served.exited;
  }

  async function stop() {
    await Promise.all(instances.map((_, i) => kill(i, "SIGTERM").catch(() => undefined)));
    await redis?.stop();
  }

  try {
    // The first instance migrates the empty database; the others start on the migrated one.
    await launch(0);
    await Promise.all(instances.slice(1).map((_, i) => launch(i + 1)));
  } catch (error) {
    await stop();
    throw error;
  }

  const vigil = (args: string[]) => runVigil(args, { DATABASE_URL: options.databaseUrl });
  return {
    databaseUrl: options.databaseUrl,
    redis,
    accountId,
    apiKey,
    instances,
    url: (i) => instances[i]!.url,
    kill,
    restart: launch,
    vigil,
    createKey: async () => {
      const created = await vigil(["keys", "create", "--account", accountId]);
      if (created.code !== 0) throw new Error(`vigil keys create failed: ${created.stderr}`);
      return (JSON.parse(created.stdout) as { apiKey: string }).apiKey;
    },
    logs: () =>
      [
        ...earlier,
        ...instances.map((instance, i) => `--- instance ${i + 1} ---\n${instance.served?.output() ?? "(not running)"}`),
      ].join("\n"),
    stop,
  };
}
