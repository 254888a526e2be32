import { describe, expect, it } from "vitest";
import { callAction } from "./call-action";

describe("callAction", () => {
  it("passes the action's own outcome through", async () => {
    const outcome = { ok: true as const, result: { id: 1 }, warnings: [] };
    expect(await callAction(async () => outcome)).toBe(outcome);
  });

  it("reads the envelope of a body refused before the action ran (proxy.ts's 413)", async () => {
    const envelope = {
      jsonrpc: "2.0",
      id: null,
      error: { code: -32013, message: "Request too large", data: { limit_bytes: 10 } },
      errors: ["the request body is larger than 10 bytes"],
      warnings: [],
      warning_details: [],
    };
    const answer = await callAction(async () => {
      throw new Error(JSON.stringify(envelope));
    });
    expect(answer).toEqual({
      ok: false,
      code: -32013,
      message: "Request too large",
      issues: [],
      errors: ["the request body is larger than 10 bytes"],
      warnings: [],
      data: { limit_bytes: 10 },
    });
  });

  it("answers a server out of reach as a failure that saved nothing", async () => {
    const answer = await callAction(async () => {
      throw new TypeError("Failed to fetch");
    });
    expect(answer).toMatchObject({ ok: false, code: -32603, issues: [] });
    if (!answer.ok) expect(answer.message).toMatch(/nothing was saved/);
  });
});
