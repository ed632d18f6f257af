export { ROLLUP_RETENTION_DAYS, type RetentionOptions, type RetentionReport, sweepRetention } from "./sweep.js";
