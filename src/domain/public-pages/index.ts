export {
  getPublicIncidentUpdates,
  getPublicIncidents,
  getPublicServices,
  getPublicStatusPages,
  type PublicIncident,
  type PublicIncidentUpdate,
} from "./batch.js";
