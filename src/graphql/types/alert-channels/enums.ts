import {
  CHANNEL_TYPES,
  OPSGENIE_PRIORITIES,
  OPSGENIE_REGIONS,
  WEBHOOK_METHODS,
  WEBHOOK_TYPES,
} from "../../../domain/alert-channels/index.js";
import { builder } from "../../builder.js";

export const AlertChannelTypeEnum = builder.enumType("AlertChannelType", {
  description: "SMS, CALL and SLACK_APP are refused as not supported (a ValidationError on type).",
  values: CHANNEL_TYPES,
});
export const WebhookTypeEnum = builder.enumType("WebhookType", { values: WEBHOOK_TYPES });
export const WebhookMethodEnum = builder.enumType("WebhookMethod", { values: WEBHOOK_METHODS });
export const OpsgenieRegionEnum = builder.enumType("OpsgenieRegion", { values: OPSGENIE_REGIONS });
export const OpsgeniePriorityEnum = builder.enumType("OpsgeniePriority", { values: OPSGENIE_PRIORITIES });
