import type { InputFieldRef } from "@pothos/core";
import type { CheckGroupRow } from "../../domain/check-groups/index.js";
import { builder } from "../builder.js";
import { CheckRef } from "./refs.js";

/**
 * Refs that check.ts and check-group.ts both need (Check.group, CheckGroup.checks, the groupId
 * of check inputs), declared apart so that neither file imports the other.
 */
export const CheckGroupRef = builder.objectRef<CheckGroupRow>("CheckGroup");

/** One connection type for Query.checks and CheckGroup.checks. */
export const CheckConnectionRef = builder.connectionObject(
  { type: CheckRef, name: "CheckConnection" },
  { name: "CheckEdge" },
);

/** The schema's type parameters, for functions that take Pothos field builders. */
export type Types = typeof builder extends PothosSchemaTypes.SchemaBuilder<infer T> ? T : never;
export type InputFields = PothosSchemaTypes.InputFieldBuilder<Types, "InputObject">;
/** An input field of any type: what the property catalogue of check-input-fields.ts holds. */
export type AnyInputField = InputFieldRef<Types, unknown>;
