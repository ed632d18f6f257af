import { builder } from "../../builder.js";

export const PrivateLocationInput = builder.inputType("PrivateLocationInput", {
  fields: (t) => ({
    name: t.string({ required: true }),
    slugName: t.string({
      required: true,
      description: "1 to 30 letters, digits or '-', not shaped like a data-center location.",
    }),
    icon: t.string(),
    proxyUrl: t.string({ description: "An http(s) proxy for the agent's outgoing calls." }),
  }),
});

export const PrivateLocationUpdateInput = builder.inputType("PrivateLocationUpdateInput", {
  description:
    "name is replaced; an omitted icon or proxyUrl keeps its value, null clears proxyUrl. The slug cannot change.",
  fields: (t) => ({ name: t.string({ required: true }), icon: t.string(), proxyUrl: t.string() }),
});
