// Calls with an unknown, revoked or expired token are limited per client address (LIMIT_BAD_TOKENS,
// then HTTP 429 with Retry-After and -32029, contract 1.3); X-Forwarded-For counts only from a
// proxy named in TRUST_PROXY; a valid token is never held back by the limit. Over real HTTP with
// the production transport, on the real database.
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiToken, revokeApiToken } from "@/server/auth/tokens";
import { parseTrustProxy } from "@/server/net/client-address";
import { createTestApp, type RpcReply, type TestApp, type TestUser } from "../support/test-app";
import type { Reply } from "../support/reply";

const FREE = 5;
let proxied: TestApp;
let direct: TestApp;
let owner: TestUser;

beforeAll(async () => {
  proxied = await createTestApp({ limits: { badTokens: FREE }, trustProxy: parseTrustProxy("loopback") });
  direct = await createTestApp({ limits: { badTokens: FREE } });
  owner = await proxied.newUser();
});
afterAll(async () => {
  await proxied.close();
  await direct.close();
});

const newAddress = () => `2001:db8:${randomBytes(2).toString("hex")}:${randomBytes(2).toString("hex")}::1`;
const unknownToken = () => "ek_" + randomBytes(32).toString("base64url");
let seq = 0;
const call = (t: TestApp, token: string, headers: Record<string, string> = {}) =>
  t.post({ jsonrpc: "2.0", id: ++seq, accessToken: token, method: "exam.examList", params: {} }, { headers });

function expectRefusedToken(reply: RpcReply) {
  expect(reply.status).toBe(200);
  expect(reply.body.error?.code).toBe(-32001);
}

function expectLimited(reply: RpcReply): number {
  expect(reply.status).toBe(429);
  const wait = Number(reply.headers.get("retry-after"));
  expect(wait).toBeGreaterThanOrEqual(1);
  expect(reply.body.id).toBeNull();
  expect(reply.body.error?.code).toBe(-32029);
  expect(reply.body.error?.data?.retry_after_seconds).toBe(wait);
  expect(reply.body.errors?.[0]).toMatch(/too many calls with an unknown, revoked or expired token from this address/);
  return wait;
}

describe("unknown and revoked tokens per client address", () => {
  it(`answers ${FREE} of them with -32001, then 429 with Retry-After; a revoked token counts too`, async () => {
    const address = { "x-forwarded-for": newAddress() };
    const revoked = await createApiToken(proxied.db, owner.id, "revoked");
    await revokeApiToken(proxied.db, owner.id, revoked.id);
    for (let i = 0; i < FREE - 1; i++) expectRefusedToken(await call(proxied, unknownToken(), address));
    expectRefusedToken(await call(proxied, revoked.token, address));
    expect(expectLimited(await call(proxied, unknownToken(), address))).toBe(1);
    expectLimited(await call(proxied, revoked.token, address));
  });

  it("never holds back a valid token, from the same address or any other", async () => {
    const address = { "x-forwarded-for": newAddress() };
    for (let i = 0; i < FREE; i++) expectRefusedToken(await call(proxied, unknownToken(), address));
    expectLimited(await call(proxied, unknownToken(), address));
    const ok = await call(proxied, owner.token, address);
    expect(ok.status).toBe(200);
    expect(ok.body.result?.completed).toBe(true);
  });

  it("counts each call of a batch, and another address behind the trusted proxy has its own count", async () => {
    const address = { "x-forwarded-for": newAddress() };
    const batch = Array.from({ length: FREE }, (_, i) => ({
      jsonrpc: "2.0",
      id: i + 1,
      accessToken: unknownToken(),
      method: "exam.examList",
      params: {},
    }));
    const first = await proxied.post<Reply[]>(batch, { headers: address });
    expect(first.status).toBe(200);
    expect(first.body.map((r) => r.error?.code)).toEqual(Array(FREE).fill(-32001));
    expectLimited(await call(proxied, unknownToken(), address));
    expectRefusedToken(await call(proxied, unknownToken(), { "x-forwarded-for": newAddress() }));
  });

  it("a missing token is not a guess: it is not counted", async () => {
    const address = { "x-forwarded-for": newAddress() };
    for (let i = 0; i < FREE + 3; i++) {
      const reply = await proxied.post(
        { jsonrpc: "2.0", id: 1, method: "exam.examList", params: {} },
        { headers: address },
      );
      expectRefusedToken(reply);
    }
    expectRefusedToken(await call(proxied, unknownToken(), address));
  });

  it("without TRUST_PROXY, X-Forwarded-For does not make another address", async () => {
    const replies: RpcReply[] = [];
    for (let i = 0; i < FREE + 2; i++)
      replies.push(await call(direct, unknownToken(), { "x-forwarded-for": newAddress() }));
    replies.slice(0, FREE).forEach(expectRefusedToken);
    replies.slice(FREE).forEach(expectLimited);
  });
});
