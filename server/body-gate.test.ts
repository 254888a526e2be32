import { describe, expect, it } from "vitest";
import { BodyGate, LARGE_BODY_BYTES } from "./body-gate";

const MB = 1024 * 1024;
const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("BodyGate", () => {
  it("admits small bodies at once, even when the budget is taken", async () => {
    const gate = new BodyGate(10 * MB);
    await gate.admit(10 * MB);
    const small = await gate.admit(LARGE_BODY_BYTES);
    expect(typeof small).toBe("function");
  });

  it("makes large bodies past the budget wait, in arrival order, until shares are given back", async () => {
    const gate = new BodyGate(10 * MB);
    const first = await gate.admit(6 * MB);
    const order: string[] = [];
    const second = gate.admit(6 * MB).then((release) => (order.push("second"), release));
    const third = gate.admit(2 * MB).then((release) => (order.push("third"), release));
    await tick();
    // The 2 MB body would fit, but it arrived after the waiting 6 MB one.
    expect(order).toEqual([]);
    expect(gate.waiting).toBe(2);
    first();
    await tick();
    expect(order).toEqual(["second", "third"]);
    (await second)();
    (await third)();
    expect(gate.waiting).toBe(0);
  });

  it("admits a body larger than the whole budget alone, and a release counts once", async () => {
    const gate = new BodyGate(10 * MB);
    const huge = await gate.admit(50 * MB);
    let admitted = false;
    const next = gate.admit(2 * MB).then((release) => ((admitted = true), release));
    await tick();
    expect(admitted).toBe(false);
    huge();
    huge();
    await next;
    expect(admitted).toBe(true);
    // The double release did not free more than the share: a full-budget body still waits.
    let fullAdmitted = false;
    void gate.admit(10 * MB).then(() => (fullAdmitted = true));
    await tick();
    expect(fullAdmitted).toBe(false);
  });

  it("admits everything when the budget is off", async () => {
    const gate = new BodyGate(Number.POSITIVE_INFINITY);
    await gate.admit(60 * MB);
    await gate.admit(60 * MB);
    expect(gate.waiting).toBe(0);
  });
});
