export {
  getPublicIncidentUpdates,
  getPublicIncidents,
  getPublicServices,
  getPublicStatusPages,
  publicIdsOf,
  type PublicNodeKind,
  type PublicIncident,
  type PublicIncidentUpdate,
} from "./batch.js";
