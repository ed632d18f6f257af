import { useState } from "react";

/**
 * A form's values and the API's errors on its fields: `set` merges a change into the values,
 * `setErrors` replaces the errors (cleared before each save, filled from the API's answer).
 */
export function useFormValues<T extends object>(initial: T | (() => T)) {
  const [values, setValues] = useState<T>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (change: Partial<T>) => setValues((v) => ({ ...v, ...change }));
  return { values, set, errors, setErrors };
}
