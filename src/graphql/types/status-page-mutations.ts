import { createStatusPage, deleteStatusPage, updateStatusPage } from "../../domain/status-pages/index.js";
import { builder } from "../builder.js";
import { domain } from "../context.js";
import { DeletedRef, globalId } from "./common.js";
import { writeErrors } from "./errors.js";
import { StatusPageRef } from "./refs.js";
import { StatusPageCardInput } from "./status-page-card.js";
import { serviceRefs } from "./status-page-service.js";
import { StatusPageThemeEnum, ThemeColorsInput } from "./status-page-theme.js";

/**
 * The fields of a write; the domain validates them. On create an omitted field takes its
 * default; on update it keeps its value, and what is sent (cards too) is replaced.
 */
const StatusPageInput = builder.inputType("StatusPageInput", {
  fields: (t) => ({
    name: t.string({ required: true }),
    url: t.string({ required: true, description: "3 to 63 characters of a-z, 0-9 and -; unique across all accounts" }),
    description: t.string(),
    customDomain: t.string(),
    logo: t.string(),
    logoDark: t.string(),
    redirectTo: t.string(),
    favicon: t.string(),
    defaultTheme: t.field({ type: StatusPageThemeEnum }),
    version: t.float(),
    themeColors: t.field({ type: ThemeColorsInput }),
    cards: t.field({ type: [StatusPageCardInput] }),
  }),
});

type Input = typeof StatusPageInput.$inferInput;

/** REST's body from GraphQL's input: service references become service ids (see serviceRefs). */
function body({ cards, ...page }: Input) {
  if (cards == null) return cards === undefined ? page : { ...page, cards };
  return {
    ...page,
    cards: cards.map(({ services, ...card }) =>
      services === undefined ? card : { ...card, services: serviceRefs(services) },
    ),
  };
}

builder.mutationFields((t) => ({
  createStatusPage: t.field({
    type: StatusPageRef,
    description: "A taken url or custom domain is a ConflictError.",
    errors: writeErrors,
    args: { input: t.arg({ type: StatusPageInput, required: true }) },
    resolve: (_root, { input }, ctx) => createStatusPage({ ctx: domain(ctx), input: body(input) }),
  }),
  updateStatusPage: t.field({
    type: StatusPageRef,
    errors: writeErrors,
    args: {
      id: t.arg.globalID({ required: true, for: StatusPageRef }),
      input: t.arg({ type: StatusPageInput, required: true }),
    },
    resolve: (_root, { id, input }, ctx) => updateStatusPage({ ctx: domain(ctx), id: id.id, input: body(input) }),
  }),
  deleteStatusPage: t.field({
    type: DeletedRef,
    description: "Deletes the page with its cards and keys; its services and incidents stay.",
    errors: writeErrors,
    args: { id: t.arg.globalID({ required: true, for: StatusPageRef }) },
    resolve: async (_root, { id }, ctx) => {
      await deleteStatusPage({ ctx: domain(ctx), id: id.id });
      return { deletedId: globalId("StatusPage", id.id) };
    },
  }),
}));
