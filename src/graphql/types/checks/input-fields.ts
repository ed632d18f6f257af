import { builder, type AnyInputField, type InputFields } from "../../builder.js";
import { LocationEnum, RuntimeEnum } from "./enums.js";
import {
  AlertChannelSubscriptionInput,
  AlertSettingsInput,
  ApiCheckDefaultsInput,
  DependencyInput,
  EnvironmentVariableInput,
  IntentInput,
  RetryStrategyInput,
  TriggerIncidentInput,
} from "./setting-inputs.js";

/** Builds one input field; `required` is true where the create input needs it. */
export type FieldOf = (t: InputFields, required: boolean) => AnyInputField;

/**
 * Every writable property of checks and groups, once: the input types take the property names
 * from the domain's schemas (CHECK_TYPE_SPECS, UpdateCheckGroupInput) and their GraphQL type from
 * here, so an input accepts exactly what the domain accepts. Omitted keeps a value on update;
 * null clears it where the domain's schema allows null.
 */
const catalogue: Record<string, FieldOf> = {
  name: (t, required) => t.string({ required }),
  activated: (t) => t.boolean(),
  muted: (t) => t.boolean(),
  doubleCheck: (t) => t.boolean({ deprecationReason: "retryStrategy replaces it" }),
  shouldFail: (t) => t.boolean(),
  locations: (t) => t.field({ type: [LocationEnum] }),
  tags: (t) => t.stringList(),
  alertSettings: (t) => t.field({ type: AlertSettingsInput }),
  useGlobalAlertSettings: (t) => t.boolean(),
  groupId: (t) =>
    t.id({ description: "The CheckGroup's global id (or its REST id); null takes the check out of its group." }),
  groupOrder: (t) => t.int(),
  runtimeId: (t) => t.field({ type: RuntimeEnum }),
  alertChannelSubscriptions: (t) => t.field({ type: [AlertChannelSubscriptionInput] }),
  retryStrategy: (t) => t.field({ type: RetryStrategyInput }),
  triggerIncident: (t) => t.field({ type: TriggerIncidentInput }),
  runParallel: (t) => t.boolean(),
  description: (t) => t.string(),
  intent: (t) => t.field({ type: IntentInput }),
  aiAutoRepairEnabled: (t) => t.boolean(),
  frequency: (t) => t.int({ description: "Minutes: 0, 1, 2, 5, 10, 15, 30, 60, 120, 180, 360, 720 or 1440." }),
  frequencyOffset: (t) => t.int(),
  privateLocations: (t) => t.stringList({ description: "Slug names or ids of the account's private locations." }),
  setupSnippetId: (t) => t.int(),
  tearDownSnippetId: (t) => t.int(),
  localSetupScript: (t) => t.string(),
  localTearDownScript: (t) => t.string(),
  script: (t, required) => t.string({ required }),
  scriptPath: (t) => t.string(),
  environmentVariables: (t) => t.field({ type: [EnvironmentVariableInput] }),
  dependencies: (t) => t.field({ type: [DependencyInput] }),
  sslCheckDomain: (t) => t.string(),
  degradedPacketLossThreshold: (t) => t.float(),
  maxPacketLossThreshold: (t) => t.float(),
  degradedResponseTime: (t) => t.int({ description: "Milliseconds." }),
  maxResponseTime: (t) => t.int({ description: "Milliseconds." }),
  concurrency: (t) => t.int(),
  apiCheckDefaults: (t) => t.field({ type: ApiCheckDefaultsInput }),
  browserCheckDefaults: (t) => t.string(),
  /** A free-form object where the reference lists one (a heartbeat check's request, a DNS check's heartbeat). */
  freeForm: (t) => t.field({ type: "JSON" }),
};

/**
 * An input type with the fields named by `keys` (in that order). `own` gives the fields whose
 * type differs by check type (request, heartbeat); a key found nowhere fails at start-up, so a
 * property added to the domain cannot be silently missing from GraphQL.
 */
export function propertiesInput(
  name: string,
  keys: string[],
  required: string[],
  own: Record<string, FieldOf> = {},
  description?: string,
) {
  return builder.inputType(name, {
    description,
    fields: (t) =>
      Object.fromEntries(
        keys.map((key) => {
          const field = own[key] ?? catalogue[key];
          if (!field) throw new Error(`GraphQL input ${name}: no input field for the property ${key}`);
          return [key, field(t, required.includes(key))];
        }),
      ),
  });
}

export const freeForm = catalogue.freeForm!;

/**
 * A type-specific settings object as two inputs: `<Name>Input` for creates (the domain's required
 * parts required) and `<Name>UpdateInput` with every part optional, as an update merges what it is
 * sent into the stored object.
 */
export function settingsInputs(
  name: string,
  required: string[],
  fields: (t: InputFields, required: (key: string) => boolean) => Record<string, AnyInputField>,
) {
  const make = (suffix: string, create: boolean) =>
    builder.inputType(`${name}${suffix}`, { fields: (t) => fields(t, (key) => create && required.includes(key)) });
  return { create: make("Input", true), update: make("UpdateInput", false) };
}
