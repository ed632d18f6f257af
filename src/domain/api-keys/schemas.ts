import { z } from "zod";

export const CreateApiKeyInput = z.object({
  accountId: z.string().min(1).max(64),
  /** A key chosen by the operator (bootstrap); generated when absent. */
  key: z
    .string()
    .regex(/^[\x21-\x7e]{20,200}$/)
    .optional(),
  name: z.string().max(200).optional(),
});
export type CreateApiKeyInput = z.infer<typeof CreateApiKeyInput>;

/** A key the caller makes for its own account (REST, GraphQL): only a name to recognise it by. */
export const CreateOwnApiKeyInput = z.object({
  name: z.string().trim().min(1).max(200).optional().describe("What the key is for, shown in lists"),
});
export type CreateOwnApiKeyInput = z.infer<typeof CreateOwnApiKeyInput>;
