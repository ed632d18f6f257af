import Handlebars from "handlebars";
import { type AlertVariables, alertVariables } from "./variables.js";

/**
 * Webhook templates are Handlebars written by tenants, so they only reach the notification's
 * variables: an isolated environment, no helpers of anyone else's, `log` and `lookup` refused at
 * compile time (`knownHelpersOnly`), strict lookups (an unknown name is an error, not an empty
 * string), and data without a prototype, so `constructor`, `__proto__` and friends are not there
 * to be found (Handlebars' own prototype guard stays on behind that).
 *
 * Values are HTML-escaped as Handlebars does (`"` becomes `&quot;`, which keeps a JSON string
 * valid); `{{json X}}` writes a value as a JSON literal, unescaped, for JSON bodies.
 */
const hb = Handlebars.create();
hb.registerHelper("json", (value: unknown) => new hb.SafeString(JSON.stringify(value ?? null)));
for (const name of ["log", "lookup", "helperMissing", "blockHelperMissing"]) hb.unregisterHelper(name);

const COMPILE_OPTIONS = {
  strict: true,
  knownHelpersOnly: true,
  knownHelpers: { json: true, if: true, unless: true, each: true, with: true, log: false, lookup: false },
} as const;

/** A template that does not parse, or names something that is not a variable. */
export class TemplateError extends Error {}

/** Compiles `source` (throws TemplateError): validation calls it once, delivery on every render. */
export function compileTemplate(source: string): (variables: AlertVariables) => string {
  let render: HandlebarsTemplateDelegate;
  try {
    // Parsing first: compile() is lazy and would report syntax errors only on the first render.
    hb.parse(source);
    render = hb.compile(source, COMPILE_OPTIONS);
  } catch (error) {
    throw new TemplateError(templateMessage(error));
  }
  return (variables) => {
    const data = Object.assign(Object.create(null), structuredClone(variables));
    // Handlebars names the object in its strict-mode error ("FOO" not defined in ...).
    Object.defineProperty(data, Symbol.toPrimitive, { value: () => "the variables" });
    try {
      return render(data, {
        allowProtoPropertiesByDefault: false,
        allowProtoMethodsByDefault: false,
        allowCallsToHelperMissing: false,
      });
    } catch (error) {
      throw new TemplateError(templateMessage(error));
    }
  };
}

function templateMessage(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  // Parse errors span lines (the source, a caret, what was expected): one line, bounded.
  const oneLine = message
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean)
    .join(" ");
  return `template: ${oneLine.slice(0, 500)}`;
}

const SAMPLE = alertVariables({
  alertType: "ALERT_FAILURE",
  check: { id: "00000000-0000-4000-8000-000000000000", name: "Sample", checkType: "API", tags: ["sample"] },
  group: { name: "Sample group" },
  result: { id: "00000000-0000-4000-8000-000000000001", startedAt: new Date(0) },
  baseUrl: "http://localhost",
});

/** Throws TemplateError when `source` does not parse or names something that is not a variable. */
export function checkTemplate(source: string): void {
  compileTemplate(source)(SAMPLE);
}
