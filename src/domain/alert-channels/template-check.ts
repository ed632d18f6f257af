import { TemplateError } from "../alert-templates/template.js";
import { checkTemplate } from "../alert-templates/template-thread.js";
import { ValidationError } from "../shared/errors.js";

/**
 * On save, a WEBHOOK channel's template must render the decided sample within the bounds
 * (docs/decisions.md). Rendered in the template thread: on the event loop, parsing a 64 KiB
 * template alone held every request for hundreds of milliseconds.
 */
export async function checkChannelTemplate(config: Record<string, unknown>): Promise<void> {
  if (typeof config.template !== "string") return;
  try {
    await checkTemplate(config.template);
  } catch (error) {
    if (!(error instanceof TemplateError)) throw error;
    throw new ValidationError(`config.template: ${error.message}`, ["config.template"]);
  }
}
