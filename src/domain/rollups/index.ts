export { Aggregate, type RollupRow } from "./aggregate.js";
export {
  counts,
  foldRollups,
  HOUR_MS,
  heartbeatRollupInput,
  hourOf,
  type RollupDelta,
  type RollupInput,
} from "./fold.js";
export { plan, planWithDays, type Span } from "./plan.js";
export { aggregateRollups } from "./read.js";
export { Sketch, SKETCH_RELATIVE_ACCURACY } from "./sketch.js";
export { rollupSteps, writeRollups } from "./write.js";
