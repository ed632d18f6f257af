import { decodeGlobalID } from "@pothos/plugin-relay";
import { builder } from "../../builder.js";

export const ServiceInput = builder.inputType("ServiceInput", {
  fields: (t) => ({ name: t.string({ required: true }) }),
});

/** A reference to a service in a card or an incident, as REST's `{id}` (so field paths match: `services.0.id`). */
export const ServiceReferenceInput = builder.inputType("ServiceReferenceInput", {
  fields: (t) => ({
    id: t.id({ required: true, description: "The global id of a Service of the account, or its REST id (databaseId)" }),
  }),
});

/**
 * REST's `[{id}]` from GraphQL's references: a Service global id becomes the service's own id.
 * Anything else goes to the domain as sent, which names it (`services.0.id`) in a typed
 * ValidationError; null or an omitted list stays so, for the domain to judge.
 */
export function serviceRefs(refs: readonly { id: string | number }[] | null | undefined) {
  if (refs == null) return refs;
  return refs.map(({ id }) => {
    try {
      const decoded = decodeGlobalID(String(id));
      return { id: decoded.typename === "Service" ? decoded.id : String(id) };
    } catch {
      return { id: String(id) };
    }
  });
}
