import { access, constants } from "node:fs/promises";
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

/** The uid and gid sandboxed runs have, inside and (when the service is root) outside: `nobody`. */
export const SANDBOX_UID = 65534;
/** Where the packages a run may load are bound inside the sandbox (never the service's checkout). */
export const MODULES_ROOT = "/opt/vigil/node_modules";
/** Where a Node installed outside /usr (the project's own runtime) is bound, hiding the checkout's path. */
export const NODE_ROOT = "/opt/vigil/node";

/**
 * The system files a run reads: /usr (Node, Chromium, libraries; /bin and /lib are links into it
 * on Debian), fontconfig's cache (else every renderer rebuilds it) and, of /etc, only what Chromium, fonts, TLS and the C library look up. Nothing of
 * the service's: no checkout, no /tmp, no ARTIFACTS_DIR, no database.
 */
const SYSTEM = ["/usr", "/var/cache/fontconfig"];
const ETC = [
  "alternatives",
  "ca-certificates",
  "chromium",
  "chromium.d",
  "fonts",
  "group",
  "ld.so.cache",
  "ld.so.conf",
  "ld.so.conf.d",
  "localtime",
  "mime.types",
  "nsswitch.conf",
  "passwd",
  "ssl",
].map((name) => `/etc/${name}`);

const require = createRequire(import.meta.url);

/** The folder of an installed package (its package.json's directory). */
export const packageDir = (name: string) => dirname(require.resolve(`${name}/package.json`));

/** What a run sees of node_modules: these packages, read-only, under MODULES_ROOT. */
export const SANDBOX_PACKAGES = ["playwright-core", "playwright", "@playwright/test", "undici"] as const;

/** A package's path as the run sees it: under MODULES_ROOT when sandboxed, else where it is installed. */
export const packagePath = (name: string, sandboxed: boolean) =>
  sandboxed ? join(MODULES_ROOT, name) : packageDir(name);

export type BwrapOptions = {
  /** The run's directory: bound at the same path, the only writable place. */
  dir: string;
  /** The sandbox's whole environment. */
  env: Record<string, string>;
  /** The command inside (an absolute program and its arguments). */
  command: string[];
  /** A Node install outside /usr (its folder holding bin/node), bound read-only at NODE_ROOT. */
  node?: string;
  /** The service runs as root: see bwrapArgs. */
  asRoot: boolean;
};

/**
 * bwrap's arguments for one run: new pid, mount, ipc, uts, cgroup and network namespaces (the
 * network a fresh loopback only), the run as `nobody`, an empty environment but `env`, system
 * directories and the packages read-only, a fresh /proc (only the run's processes), /dev, a
 * private /tmp, and the run's directory. `--die-with-parent` and the pid namespace take every
 * process of the run down with bwrap.
 * As root, no user namespace: its uid would map to root outside, owner of root's files; bwrap
 * keeps only CAP_SETUID and CAP_SETGID, with which the relay (relay-source.ts) becomes the real
 * `nobody` before any script code runs. Otherwise a user namespace maps `nobody` inside to the
 * service's user (bwrap as an ordinary user cannot do otherwise).
 */
export function bwrapArgs(options: BwrapOptions): string[] {
  const namespaces = options.asRoot
    ? ["--unshare-pid", "--unshare-net", "--unshare-ipc", "--unshare-uts", "--unshare-cgroup-try"]
    : ["--unshare-all", "--unshare-user", "--uid", String(SANDBOX_UID), "--gid", String(SANDBOX_UID)];
  const capabilities = options.asRoot ? ["--cap-add", "CAP_SETUID", "--cap-add", "CAP_SETGID"] : [];
  const args = [
    ...namespaces,
    ...capabilities,
    "--die-with-parent",
    "--new-session",
    "--clearenv",
    "--hostname",
    "sandbox",
  ];
  for (const [name, value] of Object.entries(options.env)) args.push("--setenv", name, value);
  args.push("--proc", "/proc", "--dev", "/dev", "--tmpfs", "/tmp");
  // Every mount point's folders made traversable: bwrap as root makes them 0700, which would hide
  // the mount from `nobody`.
  const made = new Set(["/", "/tmp"]);
  const bind = (how: "--ro-bind" | "--bind", source: string, target: string) => {
    const above: string[] = [];
    for (let up = dirname(target); !made.has(up); up = dirname(up)) above.unshift(up);
    for (const folder of above) {
      made.add(folder);
      args.push("--perms", "0755", "--dir", folder);
    }
    args.push(how, source, target);
  };
  for (const path of SYSTEM) if (existsSync(path)) bind("--ro-bind", path, path);
  args.push("--symlink", "usr/bin", "/bin", "--symlink", "usr/lib", "/lib", "--symlink", "usr/lib64", "/lib64");
  args.push("--symlink", "usr/sbin", "/sbin");
  if (options.node) bind("--ro-bind", options.node, NODE_ROOT);
  for (const path of ETC) if (existsSync(path)) bind("--ro-bind", path, path);
  for (const name of SANDBOX_PACKAGES) bind("--ro-bind", packageDir(name), join(MODULES_ROOT, name));
  bind("--bind", options.dir, options.dir);
  args.push("--chdir", options.dir, "--", ...options.command);
  return args;
}

/** What a script run says when bwrap is missing. */
export const missingBwrap = (path: string) =>
  `the script sandbox (bwrap) was not found at ${path}: install Debian's \`bubblewrap\` package (apt-get install bubblewrap), or set SCRIPT_SANDBOX=off (unsafe: only for one trusted tenant)`;

/** Whether bwrap can be run at `path`. */
export const bwrapAvailable = (path: string) =>
  access(path, constants.X_OK).then(
    () => true,
    () => false,
  );
