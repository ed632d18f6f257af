// GraphQL selections of checks shared by the check tests.

/** Every common field of a check, as a fragment on the interface. */
export const COMMON = `__typename id name checkType activated muted doubleCheck shouldFail locations tags
  alertSettings { escalationType runBasedEscalation { failedRunThreshold } timeBasedEscalation { minutesFailingThreshold } reminders { amount interval } parallelRunFailureThreshold { enabled percentage } }
  useGlobalAlertSettings group { id } groupOrder runtimeId
  retryStrategy { type baseBackoffSeconds maxRetries maxDurationSeconds sameRegion onlyOn }
  triggerIncident { serviceId severity name description notifySubscribers }
  runParallel description intent { goal requiredOutcomes mustPreserve } aiAutoRepairEnabled frequency frequencyOffset degradedResponseTime maxResponseTime
  privateLocations environmentVariables { key value locked secret } alertChannelSubscriptions { alertChannelId activated } createdAt updatedAt`;
/** An assertion list, as every check type selects it. */
export const ASSERTIONS = "assertions { source comparison property target regex }";
