import { builder } from "../builder.js";
import { IncidentRef } from "./refs.js";

/** One connection type for every list of incidents (the account's, a status page's). */
export const IncidentConnection = builder.connectionObject(
  { type: IncidentRef, name: "IncidentConnection" },
  { name: "IncidentEdge" },
);
