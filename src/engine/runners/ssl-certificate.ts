import type { X509Certificate } from "node:crypto";

/**
 * What the SSL runner reads from a certificate beyond Node's own properties: the signature
 * algorithm (Node 20's X509Certificate has no accessor), the key's strength, and whether an
 * extension is present. The DER is read only as far as these need.
 */
const SIGNATURES: Record<string, string> = {
  "1.2.840.113549.1.1.2": "md2WithRSAEncryption",
  "1.2.840.113549.1.1.4": "md5WithRSAEncryption",
  "1.2.840.113549.1.1.5": "sha1WithRSAEncryption",
  "1.2.840.113549.1.1.10": "rsassaPss",
  "1.2.840.113549.1.1.11": "sha256WithRSAEncryption",
  "1.2.840.113549.1.1.12": "sha384WithRSAEncryption",
  "1.2.840.113549.1.1.13": "sha512WithRSAEncryption",
  "1.2.840.10040.4.3": "dsaWithSHA1",
  "1.2.840.10045.4.1": "ecdsaWithSHA1",
  "1.2.840.10045.4.3.2": "ecdsaWithSHA256",
  "1.2.840.10045.4.3.3": "ecdsaWithSHA384",
  "1.2.840.10045.4.3.4": "ecdsaWithSHA512",
  "1.3.101.112": "Ed25519",
  "1.3.101.113": "Ed448",
};
const WEAK_SIGNATURE = /md2|md5|sha1/i;

/** One DER element at `at`: where its content starts and ends. */
function element(der: Buffer, at: number): { tag: number; start: number; end: number } {
  const tag = der[at]!;
  let length = der[at + 1]!;
  let start = at + 2;
  if (length & 0x80) {
    const bytes = length & 0x7f;
    length = 0;
    for (let i = 0; i < bytes; i++) length = length * 256 + der[start + i]!;
    start += bytes;
  }
  return { tag, start, end: start + length };
}

function oidText(bytes: Buffer): string {
  const parts = [Math.floor(bytes[0]! / 40), bytes[0]! % 40];
  let value = 0;
  for (const byte of bytes.subarray(1)) {
    value = value * 128 + (byte & 0x7f);
    if (!(byte & 0x80)) {
      parts.push(value);
      value = 0;
    }
  }
  return parts.join(".");
}

/** Certificate ::= SEQUENCE { tbsCertificate, signatureAlgorithm SEQUENCE { OID, ... }, signature }. */
export function signatureAlgorithm(cert: X509Certificate): { name: string; weak: boolean } {
  try {
    const der = cert.raw;
    const outer = element(der, 0);
    const tbs = element(der, outer.start);
    const algorithm = element(der, tbs.end);
    const oid = element(der, algorithm.start);
    if (oid.tag !== 0x06) return { name: "unknown", weak: false };
    const text = oidText(der.subarray(oid.start, oid.end));
    const name = SIGNATURES[text] ?? text;
    return { name, weak: WEAK_SIGNATURE.test(name) };
  } catch {
    return { name: "unknown", weak: false };
  }
}

/** RSA-equivalent strength of elliptic keys (NIST SP 800-57): what minKeySizeBits compares with. */
const CURVE_STRENGTH: Record<string, number> = {
  prime256v1: 3072,
  secp384r1: 7680,
  secp521r1: 15360,
  ed25519: 3072,
  ed448: 7680,
};

/** The key's type and its strength in RSA bits (RSA and DSA: the modulus; null when unknown). */
export function keyStrength(cert: X509Certificate): { type: string; bits: number | null } {
  const key = cert.publicKey;
  const type = key.asymmetricKeyType ?? "unknown";
  const details = key.asymmetricKeyDetails ?? {};
  if (details.modulusLength) return { type, bits: details.modulusLength };
  const curve = details.namedCurve ?? type;
  return { type: details.namedCurve ? `${type} ${curve}` : type, bits: CURVE_STRENGTH[curve] ?? null };
}

const EXTENSIONS = {
  /** TLS Feature status_request: "OCSP must-staple". */
  mustStaple: Buffer.from("06082b06010505070118", "hex"),
  /** Embedded signed certificate timestamps (certificate transparency). */
  sct: Buffer.from("060a2b06010401d679020402", "hex"),
};

/** Whether the certificate carries the extension (its OID's DER is found in the certificate). */
export function hasExtension(cert: X509Certificate, name: keyof typeof EXTENSIONS): boolean {
  return cert.raw.includes(EXTENSIONS[name]);
}

/** A certificate as sslCheckResult shows it. */
export function describeCertificate(cert: X509Certificate, now: number) {
  const key = keyStrength(cert);
  const validTo = new Date(cert.validTo);
  return {
    subject: cert.subject,
    issuer: cert.issuer,
    subjectAltNames: cert.subjectAltName ?? null,
    serialNumber: cert.serialNumber,
    fingerprint256: cert.fingerprint256,
    validFrom: new Date(cert.validFrom).toISOString(),
    validTo: validTo.toISOString(),
    daysUntilExpiry: Math.floor((validTo.getTime() - now) / 86_400_000),
    keyType: key.type,
    keySizeBits: key.bits,
    signatureAlgorithm: signatureAlgorithm(cert).name,
    isCA: cert.ca,
    selfSigned: cert.checkIssued(cert),
  };
}
