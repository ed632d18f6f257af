import type { FormValues } from "./values";

/** What each section of the check form gets: the values, a change to merge, the API's errors by field id. */
export type SectionProps = {
  values: FormValues;
  set: (change: Partial<FormValues>) => void;
  errors: Record<string, string>;
};
