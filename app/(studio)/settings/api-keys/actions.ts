"use server";
// Create and revoke API tokens for the signed-in author. The token is returned once, here; only
// its hash is stored.
import { revalidatePath } from "next/cache";
import { getAppContext } from "@/server/app-context";
import { createApiToken, revokeApiToken } from "@/server/auth/tokens";
import { notFound } from "@/server/errors";
import { apiTokenCreateParams, apiTokenRevokeParams } from "@/server/schemas/api-token";
import { actionStep } from "@/server/web/action-step";
import { asAuthor } from "@/server/web/as-author";
import { currentWorkspace } from "@/server/web/current-workspace";

export async function createTokenAction(raw: unknown) {
  return asAuthor((author) =>
    actionStep(apiTokenCreateParams, raw, async ({ name, scope, expires_in_days: days }) => {
      const { db } = await getAppContext();
      const expiresAt = days === null ? null : new Date(Date.now() + days * 86_400_000);
      // For the current workspace, the one the page names (the header's switcher chooses it).
      const { current } = await currentWorkspace(author);
      const { token } = await createApiToken(db, author.id, name, expiresAt, { scope, workspaceId: current.id });
      revalidatePath("/settings/api-keys");
      return { token };
    }),
  );
}

export async function revokeTokenAction(raw: unknown) {
  return asAuthor((author) =>
    actionStep(apiTokenRevokeParams, raw, async ({ id }) => {
      const { db } = await getAppContext();
      if (!(await revokeApiToken(db, author.id, id))) throw notFound("token", "id", id);
      revalidatePath("/settings/api-keys");
      return {};
    }),
  );
}
