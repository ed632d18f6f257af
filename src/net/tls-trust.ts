import { X509Certificate } from "node:crypto";
import { readFileSync } from "node:fs";
import { createSecureContext, rootCertificates, type SecureContext } from "node:tls";

/**
 * The roots a check's TLS connections trust: Node's bundled ones plus EXTRA_CA_CERTS (a PEM file
 * of private CAs). Contexts are built once per set: parsing some 140 roots costs milliseconds,
 * too much for every connection.
 */
export type ExtraCa = readonly string[];

const PEM = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g;

/** The certificates of a PEM file; throws a message naming the problem (the config reports it). */
export function readCaFile(path: string): string[] {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    throw new Error(`cannot read ${path}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
  }
  const pems = text.match(PEM) ?? [];
  if (pems.length === 0) throw new Error(`${path} holds no PEM certificate (-----BEGIN CERTIFICATE-----)`);
  for (const pem of pems) {
    try {
      new X509Certificate(pem);
    } catch {
      throw new Error(`${path} holds a certificate that cannot be parsed`);
    }
  }
  return pems;
}

const trusted = new WeakMap<ExtraCa, SecureContext>();
const grading = new WeakMap<ExtraCa, SecureContext>();
const roots = new WeakMap<ExtraCa, X509Certificate[]>();
const NONE: ExtraCa = [];

function cached<T>(map: WeakMap<ExtraCa, T>, extra: ExtraCa, make: () => T): T {
  const found = map.get(extra);
  if (found) return found;
  const made = make();
  map.set(extra, made);
  return made;
}

/** For API and URL checks: Node's defaults, with the extra roots added; undefined when there are none. */
export function trustedContext(extra: ExtraCa | undefined): SecureContext | undefined {
  if (!extra?.length) return undefined;
  return cached(trusted, extra, () => createSecureContext({ ca: [...rootCertificates, ...extra] }));
}

/**
 * For SSL checks: OpenSSL security level 0 and TLS 1.0 up, so that a weak server is graded by the
 * security baseline rather than refused by our own client.
 */
export function gradingContext(extra: ExtraCa | undefined): SecureContext {
  return cached(grading, extra?.length ? extra : NONE, () =>
    createSecureContext({
      ca: [...rootCertificates, ...(extra ?? [])],
      ciphers: "DEFAULT:@SECLEVEL=0",
      minVersion: "TLSv1",
    }),
  );
}

/** The trusted roots as certificates (the SSL runner's own chain walk, used when only the dates failed). */
export function trustedRoots(extra: ExtraCa | undefined): X509Certificate[] {
  return cached(roots, extra?.length ? extra : NONE, () =>
    [...rootCertificates, ...(extra ?? [])].map((pem) => new X509Certificate(pem)),
  );
}
