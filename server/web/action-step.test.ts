import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { AppError, notFound } from "../errors";
import { actionStep, failureOf } from "./action-step";

const schema = z.strictObject({ name: z.string().min(1, "give it a name"), count: z.int() });

describe("actionStep", () => {
  it("answers the step's result as a success", async () => {
    expect(await actionStep(schema, { name: "a", count: 2 }, async (input) => ({ echoed: input }))).toEqual({
      ok: true,
      result: { echoed: { name: "a", count: 2 } },
      warnings: [],
    });
  });

  it("refuses bad params with every issue at its path, and does not run the step", async () => {
    const run = vi.fn(async () => ({}));
    const answer = await actionStep(schema, { name: "", count: "x" }, run);
    expect(run).not.toHaveBeenCalled();
    expect(answer.ok).toBe(false);
    if (answer.ok) return;
    expect(answer.code).toBe(-32602);
    expect(answer.issues.map((i) => i.path).sort()).toEqual(["count", "name"]);
    expect(answer.errors).toHaveLength(2);
  });

  it("answers an AppError with its code and issues, as the API would", async () => {
    const answer = await actionStep(schema, { name: "a", count: 1 }, async () => {
      throw notFound("workspace", "workspace_id", 7);
    });
    expect(answer).toMatchObject({ ok: false, code: -32004, issues: [{ code: "not_found", path: "workspace_id" }] });
  });

  it("answers a bug as -32603 with a reference, never its text", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const answer = await actionStep(schema, { name: "a", count: 1 }, async () => {
      throw new Error("secret detail");
    });
    log.mockRestore();
    expect(answer).toMatchObject({ ok: false, code: -32603 });
    expect(JSON.stringify(answer)).not.toContain("secret detail");
  });
});

describe("failureOf", () => {
  it("keeps a reason without issues as the failure's one error line", () => {
    const failure = failureOf(new AppError("unauthorized", { data: { reason: "your session has ended" } }));
    expect(failure).toMatchObject({ ok: false, code: -32001, issues: [], errors: ["your session has ended"] });
  });
});
