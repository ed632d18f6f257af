import { z } from "zod";

export const CreateAccountInput = z.object({
  id: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/)
    .optional(),
  name: z.string().trim().min(1).max(200),
});
export type CreateAccountInput = z.infer<typeof CreateAccountInput>;
