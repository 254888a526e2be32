// /api/json answers carry the security headers of every answer of the app
// (server/web/security-headers.ts): under `npm start` they do not pass through Next, whose
// configuration gives them to pages and routes. Both adapters answer alike.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, type TestUser } from "../support/test-app";

describe.each(["node", "route"] as const)("over the %s transport", (transport) => {
  let t: TestApp;
  let u: TestUser;
  beforeAll(async () => {
    t = await createTestApp({ transport });
    u = await t.newUser();
  });
  afterAll(() => t.close());

  it("every answer (a result, an error, a refusal, a notification's empty one) says nosniff and cannot be framed", async () => {
    const json = { "content-type": "application/json" };
    const call = (id?: number) =>
      JSON.stringify({
        jsonrpc: "2.0",
        ...(id === undefined ? {} : { id }),
        accessToken: u.token,
        method: "exam.examList",
        params: {},
      });
    const requests = [
      new Request("http://test.local/api/json", { method: "POST", headers: json, body: call(1) }),
      new Request("http://test.local/api/json", { method: "POST", headers: json, body: "{" }),
      new Request("http://test.local/api/json", { method: "GET" }),
      new Request("http://test.local/api/json", {
        method: "POST",
        headers: { "content-type": "text/plain" },
        body: call(1),
      }),
      new Request("http://test.local/api/json", { method: "POST", headers: json, body: call() }),
    ];
    const statuses: number[] = [];
    for (const request of requests) {
      const reply = await t.handle(request);
      statuses.push(reply.status);
      const what = `${request.method} → ${reply.status}`;
      expect(reply.headers.get("x-frame-options"), what).toBe("DENY");
      expect(reply.headers.get("content-security-policy"), what).toBe("frame-ancestors 'none'");
      expect(reply.headers.get("x-content-type-options"), what).toBe("nosniff");
      expect(reply.headers.get("referrer-policy"), what).toBe("strict-origin-when-cross-origin");
      expect(reply.headers.get("x-api-version"), what).toBe("1");
    }
    expect(statuses).toEqual([200, 200, 405, 415, 204]);
  });
});
