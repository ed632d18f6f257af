/** The API's error on a list of controls (a fieldset): the fieldset names `${id}-error` in aria-describedby. */
export function ListError({ id, error }: { id: string; error?: string }) {
  return error ? (
    <small id={`${id}-error`} className="field-error" data-testid={`error-${id}`}>
      {error}
    </small>
  ) : null;
}
