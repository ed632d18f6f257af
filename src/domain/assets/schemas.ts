import { z } from "zod";
import { queryInt } from "../shared/schemas.js";

/** The reference's AssetManifestEntry types. */
export const ASSET_KINDS = ["log", "trace", "video", "screenshot", "pcap", "report", "file"] as const;
export type AssetKind = (typeof ASSET_KINDS)[number];
export const AssetKind = z.enum(ASSET_KINDS);

/** The content types a run's file may have (an agent's upload with another is a 415). */
export const ASSET_CONTENT_TYPES = [
  "image/png",
  "image/jpeg",
  "image/webp",
  "video/webm",
  "application/zip",
  "application/json",
  "text/plain",
  "text/html",
  "application/octet-stream",
] as const;

/** A file name as it is shown and downloaded: no path, no quotes, no control characters. */
export const AssetName = z
  .string()
  .regex(
    /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/,
    "must be 1 to 100 letters, digits, '.', '_' or '-', not starting with '.'",
  );

/** A RunAsset's kind (tries.ts) as the manifest names it. */
export function assetKindOf(kind: string): AssetKind {
  if (kind === "other") return "file";
  return (ASSET_KINDS as readonly string[]).includes(kind) ? (kind as AssetKind) : "file";
}

/** The media type without parameters, lower case, if it is allowed; else null. */
export function allowedContentType(value: string | undefined): string | null {
  const type = (value ?? "").split(";")[0]!.trim().toLowerCase();
  return (ASSET_CONTENT_TYPES as readonly string[]).includes(type) ? type : null;
}

/**
 * Which files stay when a run's files are over the cap: the screenshot and the log say what went
 * wrong and are small; a trace or a video is large and is dropped first.
 */
export const KEEP_ORDER: Record<AssetKind, number> = {
  screenshot: 0,
  log: 1,
  report: 2,
  file: 3,
  pcap: 4,
  video: 5,
  trace: 6,
};

export const ListAssetsQuery = z.object({
  type: z
    .union([AssetKind, z.array(AssetKind)])
    .optional()
    .describe("Only assets of these types; repeat the parameter for several"),
});

export const SignedLinkQuery = z.object({
  expires: queryInt(0, 99_999_999_999).describe("Unix seconds the link expires at"),
  signature: z.string().min(1).max(200).describe("The link's signature"),
});
