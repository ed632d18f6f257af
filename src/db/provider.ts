import { resolve } from "node:path";

export type Provider = "sqlite" | "postgresql";

export function providerOf(databaseUrl: string): Provider {
  return /^postgres(ql)?:\/\//.test(databaseUrl) ? "postgresql" : "sqlite";
}

/** `file:./data/vigil.db` → an absolute path, resolved against the working directory as Prisma does. */
export function sqlitePath(databaseUrl: string): string {
  const path = databaseUrl.replace(/^file:/, "").replace(/\?.*$/, "");
  return resolve(path);
}

/** The URL with its password hidden, for log lines and error messages. */
export function redactUrl(databaseUrl: string): string {
  return databaseUrl.replace(/\/\/([^:/@]+):[^@]*@/, "//$1:***@");
}
