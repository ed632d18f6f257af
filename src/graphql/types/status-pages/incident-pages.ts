import { statusPagesShowingIncidents, type IncidentView } from "../../../domain/incidents/index.js";
import { builder } from "../../builder.js";
import { domain, loader } from "../../context.js";
import { IncidentRef } from "../incidents/type.js";
import { readsAsOwner } from "./scope.js";
import { StatusPageRef } from "./type.js";

// Which status pages show an incident: the operator app links to the incident as each page shows it.

builder.objectField(IncidentRef, "statusPages", (t) =>
  t.field({
    type: [StatusPageRef],
    nullable: true,
    description:
      "The account's status pages that show the incident (a card names one of its services), by name. An owner's field: needs an API key of the incident's account; a visitor without a key gets null and an UNAUTHENTICATED error on this field alone.",
    resolve: (incident, _args, ctx) => {
      // A public page's visitor sees the incident on that page only: the account's other pages stay private.
      if (!readsAsOwner(ctx, incident)) return null;
      return loader(ctx, "Incident.statusPages", (incidents: readonly IncidentView[]) =>
        statusPagesShowingIncidents(domain(ctx), incidents),
      ).load(incident);
    },
  }),
);
