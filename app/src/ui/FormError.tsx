/** A form's error that names no field (the API's message), announced at once. */
export function FormError({ text }: { text?: string }) {
  return text ? (
    <p role="alert" className="error">
      {text}
    </p>
  ) : null;
}
