import { CompleteAlertSettings, DEFAULT_ALERT_SETTINGS } from "../shared/schemas.js";
import type { AlertRules, AlertState, RunVerdict } from "./decide.js";

/**
 * The alert settings in force (docs/decisions.md, Alerting): a check in a group follows the
 * group's (the account's when the group uses the global settings); a check outside groups its own
 * (the account's when it uses the global settings). The account's are Account.alertSettings with
 * every omitted part at its default; a stored value that no longer parses counts as the defaults.
 */
export function alertRulesInForce(
  {
    check,
    group,
    account,
  }: {
    check: { alertSettings: unknown; useGlobalAlertSettings: boolean };
    group: { alertSettings: unknown; useGlobalAlertSettings: boolean | null } | null;
    account: unknown;
  },
  /** The rules already completed for equal settings (by JSON text): many checks of one batch share them. */
  memo?: Map<string, AlertRules>,
): AlertRules {
  const own = group ?? check;
  // A group's useGlobalAlertSettings is nullable: null means the default, true.
  const global = own.useGlobalAlertSettings !== false;
  const settings = global ? account : own.alertSettings;
  if (!memo) return complete(settings);
  const key = JSON.stringify(settings ?? {});
  let rules = memo.get(key);
  if (!rules) {
    rules = complete(settings);
    memo.set(key, rules);
  }
  return rules;
}

function complete(settings: unknown): AlertRules {
  const parsed = CompleteAlertSettings.safeParse(settings ?? {});
  const value = parsed.success ? parsed.data : DEFAULT_ALERT_SETTINGS;
  return {
    escalationType: value.escalationType,
    runBasedEscalation: value.runBasedEscalation ?? DEFAULT_ALERT_SETTINGS.runBasedEscalation,
    timeBasedEscalation: "timeBasedEscalation" in value ? value.timeBasedEscalation : undefined,
    reminders: { ...DEFAULT_ALERT_SETTINGS.reminders, ...value.reminders },
    parallelRunFailureThreshold: {
      ...DEFAULT_ALERT_SETTINGS.parallelRunFailureThreshold,
      ...value.parallelRunFailureThreshold,
    },
  };
}

/** A result's outcome: FAIL with failures or errors, DEGRADED when degraded, else PASS. */
export function resultOutcome(result: {
  hasFailures: boolean;
  hasErrors: boolean;
  isDegraded: boolean | null;
}): RunVerdict {
  if (result.hasFailures || result.hasErrors) return "FAIL";
  return result.isDegraded ? "DEGRADED" : "PASS";
}

/**
 * Whether deciding a run needs the settings in force and the silence. Not when the run only
 * repeats the condition and can raise nothing: passing again with no alert out, or an alert
 * already out for the condition (reminders come from ticks). This keeps the common passing result
 * at two statements. An alert out that does not match the condition (one withheld while the check
 * flapped) needs them: this run announces the condition.
 */
export function runNeedsSettings(state: AlertState, outcome: RunVerdict): boolean {
  const condition = outcome === "PASS" ? "PASSING" : outcome === "DEGRADED" ? "DEGRADED" : "FAILING";
  if (state.since === null || condition !== state.condition) return true;
  const announced = { PASSING: "NONE", DEGRADED: "DEGRADED", FAILING: "FAILURE" } as const;
  return state.alerted !== announced[condition];
}
