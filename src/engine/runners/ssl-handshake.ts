import { X509Certificate } from "node:crypto";
import { isIP } from "node:net";
import { checkServerIdentity, connect, type DetailedPeerCertificate } from "node:tls";
import { gradingContext, trustedRoots, type ExtraCa } from "../../net/tls-trust.js";
import { NetworkError } from "./http.js";

/** What one TLS handshake showed: the negotiated parameters, the chain, and OpenSSL's verdict on it. */
export type Handshake = {
  protocol: string;
  /** The IANA name, and OpenSSL's (what weak-cipher patterns match). */
  cipher: string;
  opensslCipher: string;
  connectMs: number;
  handshakeMs: number;
  /** Leaf first, as the server sent it (the root when the server sent it). */
  chain: X509Certificate[];
  /** The Node (legacy) form of the leaf: its key size and curve. */
  leaf: DetailedPeerCertificate;
  chainTrusted: boolean;
  chainTrustReason: string | null;
  hostnameError: string | null;
  ocspStapled: boolean;
};

/** OpenSSL's errors that are only about dates: the chain itself is then judged by our own walk. */
const DATE_ERRORS = new Set(["CERT_HAS_EXPIRED", "CERT_NOT_YET_VALID"]);

/** The chain as the server sent it, leaf first (getPeerCertificate links issuers; a self-signed root links to itself). */
function chainOf(leaf: DetailedPeerCertificate): X509Certificate[] {
  const chain: X509Certificate[] = [];
  const seen = new Set<string>();
  for (let cert: DetailedPeerCertificate | undefined = leaf; cert?.raw; cert = cert.issuerCertificate) {
    if (seen.has(cert.fingerprint256)) break;
    seen.add(cert.fingerprint256);
    chain.push(new X509Certificate(cert.raw));
  }
  return chain;
}

/** Signatures from the leaf up to a trusted root, ignoring dates (which are judged on their own). */
function chainReachesRoot(chain: X509Certificate[], extra: ExtraCa | undefined): boolean {
  for (let i = 0; i + 1 < chain.length; i++) {
    if (!chain[i]!.checkIssued(chain[i + 1]!) || !chain[i]!.verify(chain[i + 1]!.publicKey)) return false;
  }
  const top = chain[chain.length - 1];
  if (!top) return false;
  return trustedRoots(extra).some(
    (root) => root.fingerprint256 === top.fingerprint256 || (top.checkIssued(root) && top.verify(root.publicKey)),
  );
}

export type HandshakeTarget = {
  address: string;
  port: number;
  /** Sent as SNI (never an IP literal, RFC 6066) and the name verified. */
  name: string;
  timeoutMs: number;
  extraCa?: ExtraCa;
  signal?: AbortSignal;
};

/**
 * One handshake at security level 0 (weak servers are graded, not refused). Verification is ours
 * to report, so the connection is never refused for it. A server that does not finish the
 * handshake within `timeoutMs` is a network error, as is a refused or reset connection.
 */
export function handshake(target: HandshakeTarget): Promise<Handshake> {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    let connectMs = 0;
    let ocspStapled = false;
    const socket = connect({
      host: target.address,
      port: target.port,
      ...(isIP(target.name) ? {} : { servername: target.name }),
      secureContext: gradingContext(target.extraCa),
      rejectUnauthorized: false,
      checkServerIdentity: () => undefined,
      // A TLSSocket option that tls.connect passes on (missing from @types/node's ConnectionOptions).
      ...({ requestOCSP: true } as object),
    });
    const fail = (error: Error) => {
      clearTimeout(deadline);
      target.signal?.removeEventListener("abort", abort);
      socket.destroy();
      reject(error);
    };
    const abort = () => fail(new NetworkError("the run was cancelled"));
    target.signal?.addEventListener("abort", abort, { once: true });
    const deadline = setTimeout(
      () =>
        fail(
          new NetworkError(
            connectMs
              ? `timed out after ${target.timeoutMs} ms waiting for the TLS handshake`
              : `timed out after ${target.timeoutMs} ms connecting to ${target.address}:${target.port}`,
          ),
        ),
      target.timeoutMs,
    );
    socket.once("connect", () => (connectMs = performance.now() - start));
    socket.on("OCSPResponse", (response: Buffer | null) => (ocspStapled = (response?.length ?? 0) > 0));
    socket.once("error", (error) => fail(new NetworkError(`TLS handshake failed: ${error.message}`)));
    socket.once("secureConnect", () => {
      const handshakeMs = performance.now() - start - connectMs;
      clearTimeout(deadline);
      target.signal?.removeEventListener("abort", abort);
      const leaf = socket.getPeerCertificate(true);
      const cipher = socket.getCipher();
      const protocol = socket.getProtocol() ?? "unknown";
      const authError = socket.authorized ? null : String(socket.authorizationError ?? "UNKNOWN");
      socket.destroy();
      if (!leaf?.raw) return reject(new NetworkError("the server presented no certificate"));
      const chain = chainOf(leaf);
      const chainTrusted =
        authError === null || (DATE_ERRORS.has(authError) && chainReachesRoot(chain, target.extraCa));
      const hostnameError = checkServerIdentity(target.name, leaf)?.message ?? null;
      resolve({
        protocol,
        cipher: cipher.standardName ?? cipher.name,
        opensslCipher: cipher.name,
        connectMs,
        handshakeMs,
        chain,
        leaf,
        chainTrusted,
        chainTrustReason: chainTrusted ? null : authError,
        hostnameError,
        ocspStapled,
      });
    });
  });
}
