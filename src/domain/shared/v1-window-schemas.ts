import type { z } from "zod";
import { queryTime } from "./schemas.js";

/** The v1 lists' window: the default span, and the widest `to - from` they accept (reference document). */
export const V1_WINDOW_MS = 6 * 60 * 60 * 1000;

/** `from` and `to` of a v1 windowed list (check results, check alerts). */
export const windowQuery = { from: queryTime.optional(), to: queryTime.optional() };

type Window = { from?: Date | undefined; to?: Date | undefined };

/** `to` must come after `from`. */
export function toAfterFrom(query: Window, ctx: z.RefinementCtx) {
  if (query.from && query.to && query.to.getTime() <= query.from.getTime()) {
    ctx.addIssue({ code: "custom", path: ["to"], message: "must be after from" });
  }
}

/** `to` at most 6 hours after `from`; `hint` ends the message (where a longer range can be had). */
export const withinV1Window =
  (hint = "") =>
  (query: Window, ctx: z.RefinementCtx) => {
    if (query.from && query.to && query.to.getTime() - query.from.getTime() > V1_WINDOW_MS) {
      ctx.addIssue({ code: "custom", path: ["to"], message: `must be at most 6 hours after from in v1${hint}` });
    }
  };

/**
 * The window a v1 list reads: by default the 6 hours before now; `from` alone ends 6 h later,
 * `to` alone starts 6 h earlier. With page and limit, it bounds the OFFSET.
 */
export function v1Window({ from, to }: Window, now: Date): { from: Date; to: Date } {
  const start = from ?? new Date((to ?? now).getTime() - V1_WINDOW_MS);
  return { from: start, to: to ?? new Date(start.getTime() + V1_WINDOW_MS) };
}
