import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer as createTcpServer, type AddressInfo, type Server } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createServer, type TlsOptions } from "node:tls";

/**
 * A test PKI made with the `openssl` CLI: a local CA (trusted through EXTRA_CA_CERTS) and leaf
 * certificates with chosen dates, names and key sizes (`openssl ca -startdate/-enddate` makes
 * expired and not-yet-valid ones), plus TLS servers on 127.0.0.1 presenting them.
 */
export type Leaf = { key: string; cert: string };
export type LeafOptions = {
  /** Subject alternative names: `IP:127.0.0.1`, `DNS:localhost`. */
  names?: string[];
  bits?: number;
  /** Validity relative to now, in days (negative: in the past). */
  fromDays?: number;
  toDays?: number;
  /** Signed by the untrusted second CA. */
  untrusted?: boolean;
};

const stamp = (days: number) =>
  `${new Date(Date.now() + days * 86_400_000).toISOString().replace(/[-:T]/g, "").slice(0, 14)}Z`;

export class TestPki {
  readonly dir = mkdtempSync(join(tmpdir(), "vigil-pki-"));
  readonly caFile = join(this.dir, "trusted", "ca.pem");
  private count = 0;

  constructor() {
    for (const ca of ["trusted", "untrusted"]) this.makeCa(ca);
  }

  private openssl(args: string[]) {
    execFileSync("openssl", args, { cwd: this.dir, stdio: ["ignore", "ignore", "pipe"] });
  }

  private makeCa(name: string) {
    const dir = join(this.dir, name);
    mkdirSync(join(dir, "issued"), { recursive: true });
    writeFileSync(join(dir, "index.txt"), "");
    writeFileSync(join(dir, "serial"), "1000\n");
    writeFileSync(
      join(dir, "ca.cnf"),
      [
        "[ca]",
        "default_ca = local",
        "[local]",
        `database = ${dir}/index.txt`,
        `new_certs_dir = ${dir}/issued`,
        `serial = ${dir}/serial`,
        "default_md = sha256",
        "policy = any",
        "copy_extensions = copy",
        "unique_subject = no",
        "[any]",
        "commonName = supplied",
      ].join("\n"),
    );
    this.openssl([
      ...["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "3650", "-sha256"],
      ...["-keyout", `${dir}/ca.key`, "-out", `${dir}/ca.pem`, "-subj", `/CN=Vigil ${name} test CA`],
      ...["-addext", "basicConstraints=critical,CA:TRUE", "-addext", "keyUsage=critical,keyCertSign,cRLSign"],
    ]);
  }

  leaf({
    names = ["IP:127.0.0.1", "DNS:localhost"],
    bits = 2048,
    fromDays = -1,
    toDays = 90,
    untrusted,
  }: LeafOptions = {}): Leaf {
    const n = ++this.count;
    const ca = join(this.dir, untrusted ? "untrusted" : "trusted");
    const base = join(this.dir, `leaf${n}`);
    this.openssl([
      ...["req", "-new", "-newkey", `rsa:${bits}`, "-nodes", "-keyout", `${base}.key`, "-out", `${base}.csr`],
      ...["-subj", `/CN=leaf${n}`, "-addext", `subjectAltName=${names.join(",")}`],
    ]);
    this.openssl([
      ...["ca", "-batch", "-notext", "-config", `${ca}/ca.cnf`, "-cert", `${ca}/ca.pem`, "-keyfile", `${ca}/ca.key`],
      ...["-in", `${base}.csr`, "-out", `${base}.pem`, "-startdate", stamp(fromDays), "-enddate", stamp(toDays)],
    ]);
    return { key: readFileSync(`${base}.key`, "utf8"), cert: readFileSync(`${base}.pem`, "utf8") };
  }

  remove() {
    rmSync(this.dir, { recursive: true, force: true });
  }
}

/** A TLS server on 127.0.0.1 presenting `leaf`; it closes each connection once the handshake is done. */
export async function tlsServer(leaf: Leaf, options: TlsOptions = {}): Promise<{ port: number; close: () => void }> {
  const server = createServer({ ...leaf, ...options }, (socket) => socket.end());
  server.on("tlsClientError", () => undefined);
  return listen(server);
}

/** A TCP server that accepts and never answers: a handshake that never completes. */
export async function silentServer(): Promise<{ port: number; close: () => void }> {
  const server = createTcpServer((socket) => socket.on("error", () => undefined));
  return listen(server);
}

async function listen(server: Server): Promise<{ port: number; close: () => void }> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const sockets = new Set<import("node:net").Socket>();
  server.on("connection", (socket) => (sockets.add(socket), socket.on("close", () => sockets.delete(socket))));
  return {
    port: (server.address() as AddressInfo).port,
    close: () => {
      for (const socket of sockets) socket.destroy();
      server.close();
    },
  };
}
