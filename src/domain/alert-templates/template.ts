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
for (const name of ["log", "lookup", "helperMissing", "blockHelperMissing"]) hb.unregisterHelper(name);

/**
 * A render's bounds (docs/decisions.md, "Running tenants' code and requests safely"): output,
 * block iterations (every pass of each/if/unless/with), time. They are counted inside the render,
 * so a nested `{{#each}}` stops at its 10,001st pass, not after building gigabytes; the worker
 * thread that renders deliveries is also ended at the time limit (template-thread.ts).
 */
export const TEMPLATE_BOUNDS = { outputBytes: 64 * 1024, iterations: 10_000, timeMs: 50 } as const;
type Budget = { iterations: number; output: number; deadline: number };
let budget: Budget | null = null; // the render under way (rendering is synchronous)

const overOutput = () =>
  new TemplateError(`template: the rendered body is over ${TEMPLATE_BOUNDS.outputBytes / 1024} KiB`);
const overTime = () => new TemplateError(`template: rendering took over ${TEMPLATE_BOUNDS.timeMs} ms`);

/** Counts output written (and looks at the clock every 64 iterations). */
function spend(output: number) {
  if (!budget) return;
  budget.output += output;
  if (budget.output > TEMPLATE_BOUNDS.outputBytes) throw overOutput();
  if ((budget.iterations & 63) === 0 && performance.now() > budget.deadline) throw overTime();
}

hb.registerHelper("json", (value: unknown) => {
  const text = JSON.stringify(value ?? null);
  spend(text.length);
  return new hb.SafeString(text);
});
for (const name of ["each", "if", "unless", "with"]) {
  const builtin = hb.helpers[name]!;
  hb.registerHelper(name, function (this: unknown, ...args: unknown[]) {
    const options = args.pop() as Handlebars.HelperOptions;
    let produced = 0; // this block's own output: what it hands to its parent at once
    const counted = (fn: Handlebars.TemplateDelegate) =>
      Object.assign((context: unknown, runtime?: Handlebars.RuntimeOptions) => {
        if (budget && ++budget.iterations > TEMPLATE_BOUNDS.iterations)
          throw new TemplateError(`template: over ${TEMPLATE_BOUNDS.iterations} block iterations`);
        spend(0);
        const out = fn(context, runtime);
        produced += out.length;
        if (produced > TEMPLATE_BOUNDS.outputBytes) throw overOutput();
        return out;
      }, fn);
    return builtin.call(this, ...args, { ...options, fn: counted(options.fn), inverse: counted(options.inverse) });
  });
}

const COMPILE_OPTIONS = {
  strict: true,
  knownHelpersOnly: true,
  knownHelpers: { json: true, if: true, unless: true, each: true, with: true, log: false, lookup: false },
} as const;

/** A template that does not parse, or names something that is not a variable. */
export class TemplateError extends Error {}

/** Compiles `source` (throws TemplateError): validation calls it once, delivery on every render. */
export function compileTemplate(
  source: string,
  /** The time bound; tests of the other bounds lift it, as a loaded machine may reach it first. */
  timeMs: number = TEMPLATE_BOUNDS.timeMs,
): (variables: AlertVariables) => string {
  let render: HandlebarsTemplateDelegate;
  try {
    // Parsing first: compile() is lazy and would report syntax errors only on the first render.
    hb.parse(source);
    render = hb.compile(source, COMPILE_OPTIONS);
    // compile() defers code generation to the first render: done now, it is not charged to the
    // render's time bound (on a loaded machine it alone could pass 50 ms).
    (render as unknown as { _setup: (options: object) => void })._setup({});
  } catch (error) {
    throw new TemplateError(templateMessage(error));
  }
  return (variables) => {
    const data = Object.assign(Object.create(null), structuredClone(variables));
    // Handlebars names the object in its strict-mode error ("FOO" not defined in ...).
    Object.defineProperty(data, Symbol.toPrimitive, { value: () => "the variables" });
    budget = { iterations: 0, output: 0, deadline: performance.now() + timeMs };
    try {
      const body = render(data, {
        allowProtoPropertiesByDefault: false,
        allowProtoMethodsByDefault: false,
        allowCallsToHelperMissing: false,
      });
      if (Buffer.byteLength(body) > TEMPLATE_BOUNDS.outputBytes) throw overOutput();
      if (performance.now() > budget.deadline) throw overTime();
      return body;
    } catch (error) {
      if (error instanceof TemplateError) throw error;
      throw new TemplateError(templateMessage(error));
    } finally {
      budget = null;
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

/**
 * The decided sample: a check with 100 tags and the longest values the API allows (names and
 * tags 255 characters, a check's description 500), a long error message and location.
 */
const long = (n: number, c = "x") => c.repeat(n);
export const TEMPLATE_SAMPLE = alertVariables({
  alertType: "ALERT_FAILURE",
  check: {
    id: "00000000-0000-4000-8000-000000000000",
    name: long(255, "n"),
    checkType: "MULTI_STEP",
    description: long(500, "d"),
    tags: Array.from({ length: 100 }, (_, i) => `${i}`.padEnd(255, "t")),
  },
  group: { name: long(255, "g") },
  result: {
    id: "00000000-0000-4000-8000-000000000001",
    runLocation: long(255, "l"),
    responseTime: 2_147_483_647,
    errorMessage: long(1_000, "e"),
    statusCode: 599,
    statusText: long(255, "s"),
    startedAt: new Date(0),
  },
  baseUrl: `https://${long(240, "h")}.example`,
  reminder: 2_147_483_647,
});
