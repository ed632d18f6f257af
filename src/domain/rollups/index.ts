export { counts, foldRollups, hourOf, HOUR_MS, type RollupDelta, type RollupInput } from "./fold.js";
export { Sketch, SKETCH_RELATIVE_ACCURACY } from "./sketch.js";
export { writeRollups } from "./write.js";
