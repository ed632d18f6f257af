import { interpolate } from "../../domain/monitoring/effective.js";

type Variable = { key: string; value: string | null; secret?: boolean };

/**
 * The check's secrets never reach the model: a secret variable is `{{NAME}}` in everything sent
 * (its `{{NAME}}` references stay as they are, a value written out in the prompt or read back
 * from a page becomes its placeholder), and the browser's tools put the real value back when the
 * model uses the placeholder. Other variables are interpolated as in every check.
 */
export class Secrets {
  private readonly secrets: { placeholder: string; value: string }[];
  constructor(private readonly variables: readonly Variable[]) {
    this.secrets = variables
      .filter((v) => v.secret && v.value)
      .map((v) => ({ placeholder: `{{${v.key}}}`, value: v.value! }))
      .sort((a, b) => b.value.length - a.value.length);
  }

  /** Variable names that are secret: `{{NAME}}` of these is left for the tools to fill. */
  get names(): string[] {
    return this.variables.filter((v) => v.secret && v.value).map((v) => v.key);
  }

  /** The check's prompt as the model sees it: plain variables filled in, secrets hidden. */
  prompt(text: string): string {
    return this.hide(
      interpolate(
        text,
        this.variables.filter((v) => !(v.secret && v.value)),
      ),
    );
  }

  /** Text about to leave (a tool's output, a recorded step): every secret value replaced by its placeholder. */
  hide(text: string): string {
    let out = text;
    for (const { placeholder, value } of this.secrets) {
      for (const form of new Set([value, encodeURIComponent(value)])) out = out.split(form).join(placeholder);
    }
    return out;
  }

  /** A value the model chose, made real for the page: every `{{VAR}}` replaced with its value. */
  reveal(text: string): string {
    return interpolate(text, this.variables);
  }

  /** Any value (a tool's input or output, recursively) with its secrets hidden. */
  hideDeep<T>(value: T): T {
    if (typeof value === "string") return this.hide(value) as T;
    if (Array.isArray(value)) return value.map((v) => this.hideDeep(v)) as T;
    if (value && typeof value === "object")
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, this.hideDeep(v)])) as T;
    return value;
  }
}
