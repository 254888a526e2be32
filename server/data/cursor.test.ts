import { describe, expect, it } from "vitest";
import { AppError } from "../errors";
import { decodeCursor, encodeCursor } from "./cursor";

const raw = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");

describe("list cursors", () => {
  it("give back the key they were made from", () => {
    expect(decodeCursor(encodeCursor(["2026-11-25T03:00:00.000Z", 42]), ["string", "number"])).toEqual(["2026-11-25T03:00:00.000Z", 42]);
  });

  it("refuse another shape, garbage, and numbers that are not whole (every cursor number is an id or a position)", () => {
    for (const cursor of [raw([1, 2]), raw(["1"]), "garbage!", raw([1.5]), raw([1e300])]) {
      expect(() => decodeCursor(cursor, ["number"])).toThrow(AppError);
    }
  });
});
