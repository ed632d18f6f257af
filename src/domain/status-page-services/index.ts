export { createService } from "./create.js";
export { deleteService } from "./delete.js";
export { getService } from "./get.js";
export { listServices } from "./list.js";
export { checkServiceRefs, type ServiceRefList } from "./references.js";
export * from "./schemas.js";
export { updateService } from "./update.js";
export { servicesOfCards, servicesOfIncidents } from "./batch.js";
export { getServices, pageServices } from "./page.js";
