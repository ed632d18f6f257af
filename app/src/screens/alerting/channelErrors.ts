import { type ErrorResult, fieldErrors } from "../../ui/fieldErrors";

/** A channel mutation's errors by form field: "config.headers.0.key" is the headers list's. */
export const channelErrors = (result: ErrorResult, fallback: string) =>
  fieldErrors(result, (path) => path.replace(/^config\./, "").split(".")[0] ?? path, fallback);
