import type { z } from "zod";
import { AlertSettings, type CompleteAlertSettings } from "../shared/schemas.js";

/** PUT /v1/alert-settings: an `AlertSettings` object; it replaces the stored one as a whole. */
export const UpdateAlertSettingsInput = AlertSettings;
export type UpdateAlertSettingsInput = z.input<typeof UpdateAlertSettingsInput>;

/** What is shown: every omitted part at its default (RUN_BASED threshold 1, reminders 0 every 5, parallel off at 10). */
export type AccountAlertSettings = z.output<typeof CompleteAlertSettings>;
