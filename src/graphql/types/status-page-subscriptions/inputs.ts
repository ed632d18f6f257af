import { builder } from "../../builder.js";
import { SubscriptionTypeEnum } from "./type.js";

export const SubscriptionInput = builder.inputType("StatusPageSubscriptionInput", {
  fields: (t) => ({
    type: t.field({ type: SubscriptionTypeEnum, required: true }),
    config: t.string({ required: true, description: "The email address (EMAIL) or the URL (WEBHOOK)." }),
  }),
});
