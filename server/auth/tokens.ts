// API tokens (contract 2.2): `ek_` + 32 random bytes in base64url, stored only as a SHA-256
// hash. One statement authenticates a call, records last use and counts it against the
// per-token rate limit, so every app process sees the same counts.
import { createHash, randomBytes } from "node:crypto";
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { apiToken, membership, workspace } from "@/db/schema";
import { personalWorkspace } from "../data/workspaces";
import { AppError } from "../errors";
import { addressBucket } from "../net/client-address";
import { consume, counter } from "./throttle";
import { badTokenRule } from "./throttle-rule";

export const TOKEN_PREFIX = "ek_";

export function generateToken(): string {
  return TOKEN_PREFIX + randomBytes(32).toString("base64url");
}

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** What a list shows so a person can recognise a token without it being usable. */
export function tokenDisplayPrefix(token: string): string {
  return token.slice(0, TOKEN_PREFIX.length + 6);
}

/** A new token of the person, for `workspaceId` (their own workspace when left out). */
export async function createApiToken(
  db: Db,
  userId: string,
  name: string,
  expiresAt: Date | null = null,
  opts: { workspaceId?: number; scope?: "read" | "write" } = {},
): Promise<{ id: number; token: string }> {
  const token = generateToken();
  const workspaceId = opts.workspaceId ?? (await personalWorkspace(db, userId));
  const [row] = await db
    .insert(apiToken)
    .values({
      userId,
      name,
      tokenHash: hashToken(token),
      prefix: tokenDisplayPrefix(token),
      expiresAt,
      workspaceId,
      scope: opts.scope ?? "write",
    })
    .returning({ id: apiToken.id });
  return { id: row!.id, token };
}

export async function revokeApiToken(db: Db, userId: string, id: number): Promise<boolean> {
  const rows = await db
    .update(apiToken)
    .set({ revokedAt: new Date() })
    .where(and(eq(apiToken.id, id), eq(apiToken.userId, userId), isNull(apiToken.revokedAt)))
    .returning({ id: apiToken.id });
  return rows.length > 0;
}

export interface ApiTokenSummary {
  id: number;
  name: string;
  prefix: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  expiresAt: Date | null;
  revokedAt: Date | null;
  scope: "read" | "write";
  workspaceName: string;
}

/** The user's tokens, newest first, revoked ones included (the page shows them as revoked). */
export async function listApiTokens(db: Db, userId: string): Promise<ApiTokenSummary[]> {
  return db
    .select({
      id: apiToken.id,
      name: apiToken.name,
      prefix: apiToken.prefix,
      createdAt: apiToken.createdAt,
      lastUsedAt: apiToken.lastUsedAt,
      expiresAt: apiToken.expiresAt,
      revokedAt: apiToken.revokedAt,
      scope: apiToken.scope,
      workspaceName: workspace.name,
    })
    .from(apiToken)
    .innerJoin(workspace, eq(workspace.id, apiToken.workspaceId))
    .where(eq(apiToken.userId, userId))
    .orderBy(desc(apiToken.id));
}

export interface TokenActor {
  userId: string;
  tokenId: number;
  tokenName: string;
  /** The workspace the token acts in, and whether it may write there. */
  workspaceId: number;
  scope: "read" | "write";
}

/** One answer for a missing, unknown, revoked or expired token: nothing to probe. */
export function unauthorizedError(): AppError {
  return new AppError("unauthorized", {
    data: {
      reason:
        "a valid access token is required: send it as accessToken in the request or as 'Authorization: Bearer <token>' (it may be missing, unknown, revoked or expired)",
    },
  });
}

/**
 * Authenticates `token` and counts `calls` against its one-minute window. Throws -32001 for a
 * missing/unknown/revoked/expired token and -32029 (with retry_after_seconds) past the limit.
 */
export async function authenticateToken(
  db: Db,
  token: string | null,
  calls: number,
  ratePerMinute: number,
): Promise<TokenActor> {
  if (!token) throw unauthorizedError();
  const rows = await authenticateStatement(db).execute({ hash: hashToken(token), calls });
  const row = rows[0];
  if (!row) throw unauthorizedError();
  if (row.count > ratePerMinute) {
    throw new AppError("rate_limited", {
      message: `Rate limited: at most ${ratePerMinute} calls per minute per token`,
      data: { retry_after_seconds: Number(row.retryAfter) },
    });
  }
  return { userId: row.userId, tokenId: row.id, tokenName: row.name, workspaceId: row.workspaceId, scope: row.scope };
}

/**
 * Counts `calls` made with an unknown, revoked or expired token from `clientAddress` against the
 * per-address limit (LIMIT_BAD_TOKENS free, then a growing wait): the -32029 to answer (HTTP 429)
 * when that address must wait, else null. Only calls whose token was refused are counted, so a
 * valid token is never held back by what others at the same address send.
 */
export async function limitBadTokens(
  db: Db,
  clientAddress: string | null,
  calls: number,
  freePerClient: number,
): Promise<AppError | null> {
  if (calls === 0 || !Number.isFinite(freePerClient)) return null;
  const answer = await consume(
    db,
    counter("api/bad-token", badTokenRule(freePerClient), addressBucket(clientAddress)),
    calls,
  );
  if (answer.allowed) return null;
  return new AppError("rate_limited", {
    message: `Rate limited: too many calls with an unknown, revoked or expired token from this address (${freePerClient} are answered, then each further one waits); retry after ${answer.retryAfterSeconds} s`,
    data: { retry_after_seconds: answer.retryAfterSeconds },
  });
}

function buildAuthenticateStatement(db: Db) {
  const window = sql`date_trunc('minute', now())`;
  const calls = sql.placeholder("calls");
  return db
    .update(apiToken)
    .set({
      lastUsedAt: sql`now()`,
      rateCount: sql`case when ${apiToken.rateWindow} = ${window} then ${apiToken.rateCount} + ${calls}::int else ${calls}::int end`,
      rateWindow: window,
    })
    .where(
      and(
        eq(apiToken.tokenHash, sql.placeholder("hash")),
        isNull(apiToken.revokedAt),
        sql`(${apiToken.expiresAt} is null or ${apiToken.expiresAt} > now())`,
        // A person removed from the token's workspace loses its tokens there at once (14.1.3).
        sql`exists (select 1 from ${membership} where ${membership.workspaceId} = ${apiToken.workspaceId} and ${membership.userId} = ${apiToken.userId})`,
      ),
    )
    .returning({
      id: apiToken.id,
      userId: apiToken.userId,
      name: apiToken.name,
      workspaceId: apiToken.workspaceId,
      scope: apiToken.scope,
      count: apiToken.rateCount,
      retryAfter: sql<number>`greatest(1, ceil(extract(epoch from (date_trunc('minute', now()) + interval '1 minute' - now()))))::int`,
    })
    .prepare("authenticate_token");
}

// Every API call runs this statement: it is built once per database, not once per call.
const authenticateStatements = new WeakMap<Db, ReturnType<typeof buildAuthenticateStatement>>();

function authenticateStatement(db: Db) {
  let statement = authenticateStatements.get(db);
  if (!statement) authenticateStatements.set(db, (statement = buildAuthenticateStatement(db)));
  return statement;
}
