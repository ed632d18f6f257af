import type { DomainContext } from "../context.js";
import { loadSession } from "./view.js";

/** The session with the results recorded so far (partial while it runs). */
export async function getCheckSession({ ctx, id }: { ctx: DomainContext; id: unknown }) {
  return loadSession({ ctx, id, withResults: true });
}
