import type { Sweep } from "./engine.js";

/**
 * The engine's periodic duties besides running checks. Each is safe when several instances run
 * it at once (each writes with a compare-and-set), so every instance runs all of them.
 */
export const engineSweeps: Sweep[] = [];
