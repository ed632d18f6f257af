// A retry strategy as a form edits it, and the RetryStrategyInput made from it (null: no retries).

export const RETRY_TYPES = ["FIXED", "LINEAR", "EXPONENTIAL", "SINGLE_RETRY"] as const;

export type RetryValues = {
  /** "": no retries. */
  type: "" | (typeof RETRY_TYPES)[number];
  baseBackoffSeconds: string;
  maxRetries: string;
  maxDurationSeconds: string;
  sameRegion: boolean;
  networkOnly: boolean;
};

export type StoredRetryStrategy =
  | {
      readonly type: string;
      readonly baseBackoffSeconds?: number | null;
      readonly maxRetries?: number | null;
      readonly maxDurationSeconds?: number | null;
      readonly sameRegion?: boolean | null;
      readonly onlyOn?: readonly string[] | null;
    }
  | null
  | undefined;

export function retryValuesOf(stored: StoredRetryStrategy): RetryValues {
  return {
    type: RETRY_TYPES.find((type) => type === stored?.type) ?? "",
    baseBackoffSeconds: String(stored?.baseBackoffSeconds ?? 60),
    maxRetries: String(stored?.maxRetries ?? 2),
    maxDurationSeconds: String(stored?.maxDurationSeconds ?? 600),
    sameRegion: stored?.sameRegion ?? true,
    networkOnly: Boolean(stored?.onlyOn?.includes("NETWORK_ERROR")),
  };
}

/** A number the API range-checks; text that is none goes as -1, for the API to refuse on its field. */
const number = (text: string) => (text.trim() !== "" && Number.isFinite(Number(text)) ? Number(text) : -1);
const whole = (text: string) => (/^-?\d+$/.test(text.trim()) ? Number(text.trim()) : -1);

export function retryInput(values: RetryValues) {
  if (!values.type) return null;
  return {
    type: values.type,
    baseBackoffSeconds: number(values.baseBackoffSeconds),
    maxRetries: whole(values.maxRetries),
    maxDurationSeconds: whole(values.maxDurationSeconds),
    sameRegion: values.sameRegion,
    onlyOn: values.networkOnly ? ["NETWORK_ERROR"] : [],
  };
}

/** A ValidationError's path inside the strategy ("retryStrategy.maxRetries") as its field's id. */
export function retryFieldOf(path: string): string {
  const last = path.split(".").at(-1) ?? "";
  return ["baseBackoffSeconds", "maxRetries", "maxDurationSeconds"].includes(last) ? last : "retryType";
}
