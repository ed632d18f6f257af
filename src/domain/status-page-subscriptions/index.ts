export { bulkCreateSubscriptions } from "./bulk-create.js";
export { deleteSubscription } from "./delete.js";
export { getSubscription } from "./get.js";
export { listSubscriptions } from "./list.js";
export * from "./schemas.js";
export * from "./rows.js";
export { toSubscriptionView, type SubscriptionView } from "./view.js";
export {
  CONFIRMATION_INTERVAL_MS,
  confirmSubscription,
  subscribeByEmail,
  unsubscribe,
  type VisitorPage,
} from "./visitor.js";
export { forgetGoneSubscriber, subscriberTarget } from "./deliveries.js";
export { subscriptionsOfStatusPages } from "./children.js";
export { pageSubscriptions } from "./page.js";
