import { statesOfServices } from "../../../domain/status-page-services/index.js";
import { builder } from "../../builder.js";
import { IncidentSeverityEnum } from "../incidents/enums.js";
import { ServiceNode } from "../status-page-services/type.js";
import { scopedLoader } from "./scope.js";

// Here, not in services/: it reads incidents' severities, and incidents/ imports services/.
builder.objectFields(ServiceNode, (t) => ({
  state: t.field({
    type: IncidentSeverityEnum,
    nullable: true,
    description:
      "As status pages show it: the worst severity of the open incidents naming the service; null when operational.",
    // A service of a public page answers for that page's account (what the page shows anyway).
    resolve: (service, _args, ctx) =>
      scopedLoader(ctx, service, "Service.state", statesOfServices, () => []).load(service.id),
  }),
}));
