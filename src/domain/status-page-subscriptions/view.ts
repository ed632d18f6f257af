import type { StatusPageSubscriptionRow, SubscriptionStatus, SubscriptionType } from "./rows.js";

/** A subscription as every adapter shows it (the reference's `Subscription`; WEBHOOK's URL is its address). */
export type SubscriptionView = {
  id: string;
  type: SubscriptionType;
  address: string;
  status: SubscriptionStatus;
  createdAt: Date;
  updatedAt: Date;
};

export function toSubscriptionView(row: StatusPageSubscriptionRow): SubscriptionView {
  return {
    id: row.id,
    type: row.type as SubscriptionType,
    address: row.address,
    status: row.status as SubscriptionStatus,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}
