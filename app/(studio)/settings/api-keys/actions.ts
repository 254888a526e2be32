"use server";
// Create and revoke API tokens for the signed-in author. The token is returned once, here; only
// its hash is stored.
import { revalidatePath } from "next/cache";
import { getAppContext } from "@/server/app-context";
import { createApiToken, revokeApiToken } from "@/server/auth/tokens";
import { apiTokenCreateParams } from "@/server/schemas/api-token";
import { parseWith } from "@/server/schemas/zod-issues";
import type { Issue } from "@/server/errors";
import { currentWorkspace } from "@/server/web/current-workspace";
import { requireAuthor } from "@/server/web/session";

export type CreateTokenResult = { ok: true; token: string } | { ok: false; issues: Issue[] };

export async function createTokenAction(params: unknown): Promise<CreateTokenResult> {
  const author = await requireAuthor();
  const parsed = parseWith(apiTokenCreateParams, params);
  if (!parsed.ok) return { ok: false, issues: parsed.issues };
  const { db } = await getAppContext();
  const { name, scope, expires_in_days: days } = parsed.data;
  const expiresAt = days === null ? null : new Date(Date.now() + days * 86_400_000);
  // For the current workspace, the one the page names (the header's switcher chooses it).
  const { current } = await currentWorkspace(author);
  const { token } = await createApiToken(db, author.id, name, expiresAt, { scope, workspaceId: current.id });
  revalidatePath("/settings/api-keys");
  return { ok: true, token };
}

export async function revokeTokenAction(id: number): Promise<{ ok: boolean }> {
  const author = await requireAuthor();
  const { db } = await getAppContext();
  const ok = Number.isInteger(id) && (await revokeApiToken(db, author.id, id));
  revalidatePath("/settings/api-keys");
  return { ok };
}
