// The API keys page's form: a name for the new token (shown in the list and the audit log).
import { z } from "zod";

export const apiTokenCreateParams = z.strictObject({
  name: z.string().trim().min(1, "give the token a name, e.g. the script that will use it").max(100, "at most 100 characters"),
});
export type ApiTokenCreateParams = z.input<typeof apiTokenCreateParams>;
