export { availabilityOf, getHeartbeatAvailability, type HeartbeatAvailability } from "./availability.js";
export { getHeartbeatCheck } from "./check.js";
export { getHeartbeatEvent } from "./get-event.js";
export { listHeartbeatEvents } from "./list-events.js";
export { recordHeartbeatPing } from "./record-ping.js";
export * from "./schemas.js";
export { heartbeatDeadlines, heartbeatTiming, pingState, type HeartbeatTiming, type PreviousEvent } from "./state.js";
