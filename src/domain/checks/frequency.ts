import { ValidationError } from "../shared/errors.js";

/** The sub-minute offsets of frequency 0: runs every 10, 20 or 30 seconds. */
export const SUB_MINUTE_OFFSETS = [10, 20, 30] as const;

/** The largest offset a frequency allows (spec rules 3 and 4); frequency 0 is rule 2. */
export function maxFrequencyOffset(frequency: number): number {
  return frequency <= 60 ? Math.floor(frequency * 10) : Math.ceil(frequency / 60);
}

/**
 * The spec's frequency-offset rules, for the check as it will be stored (on update: the stored
 * values merged with the sent ones, docs/decisions.md). Only API checks run more often than each minute.
 */
export function checkFrequency(checkType: string, frequency: number, offset: number | null) {
  if (frequency === 0) {
    if (checkType !== "API")
      throw new ValidationError("frequency: 0 (sub-minute runs) is for API checks only", ["frequency"]);
    if (!SUB_MINUTE_OFFSETS.includes(offset as 10)) {
      throw new ValidationError("frequencyOffset: must be 10, 20 or 30 (seconds) when frequency is 0", [
        "frequencyOffset",
      ]);
    }
    return;
  }
  const max = maxFrequencyOffset(frequency);
  if (offset !== null && offset > max) {
    throw new ValidationError(`frequencyOffset: must be at most ${max} when frequency is ${frequency}`, [
      "frequencyOffset",
    ]);
  }
}
