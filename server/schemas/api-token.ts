// The API keys page's form: a name for the new token (shown in the list and the audit log), its
// scope (contract 14.1.4: a read token does only what a viewer can) and how long it lasts.
import { z } from "zod";

/** The lifetimes the page offers, in days; null: until revoked. */
export const TOKEN_LIFETIMES = [7, 30, 90, 365] as const;

export const apiTokenCreateParams = z.strictObject({
  name: z
    .string()
    .trim()
    .min(1, "give the token a name, e.g. the script that will use it")
    .max(100, "at most 100 characters"),
  scope: z.enum(["read", "write"]).default("write"),
  expires_in_days: z
    .int()
    .refine((d) => (TOKEN_LIFETIMES as readonly number[]).includes(d), `one of ${TOKEN_LIFETIMES.join(", ")} days`)
    .nullable()
    .default(null),
});
export type ApiTokenCreateParams = z.input<typeof apiTokenCreateParams>;

/** Revoking one of the person's own tokens, by its id. */
export const apiTokenRevokeParams = z.strictObject({ id: z.int().min(1).max(2147483647) });
