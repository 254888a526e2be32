import { describe, expect, it } from "vitest";
import { AppError } from "../errors";
import { decodeCursor, encodeCursor } from "./cursor";

const raw = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");

describe("list cursors", () => {
  it("give back the key they were made from", () => {
    expect(decodeCursor(encodeCursor(["2026-11-25T03:00:00.000Z", 42]), ["timestamp", "int4"])).toEqual(["2026-11-25T03:00:00.000Z", 42]);
    expect(decodeCursor(encodeCursor(["0001-01-01T00:00:00.000Z", 1]), ["timestamp", "int4"])).toEqual(["0001-01-01T00:00:00.000Z", 1]);
    expect(decodeCursor(encodeCursor([-3, 2147483647]), ["int4", "int4"])).toEqual([-3, 2147483647]);
    expect(decodeCursor(encodeCursor([9007199254740991]), ["int8"])).toEqual([9007199254740991]);
  });

  it("refuse another shape, garbage, and numbers that are not whole (every cursor number is an id or a position)", () => {
    for (const cursor of [raw([1, 2]), raw(["1"]), "garbage!", raw([1.5]), raw([1e300])]) {
      expect(() => decodeCursor(cursor, ["int4"])).toThrow(AppError);
      expect(() => decodeCursor(cursor, ["int8"])).toThrow(AppError);
    }
  });

  // Found by the fuzz test (issue 14): these reached the query and failed there as -32603.
  it("refuse values the compared column cannot hold: a date that is not one, an id past int4", () => {
    const outsidePostgres = ["-239718-01-17T00:28:09.126Z", "+275760-09-13T00:00:00.000Z", "0000-01-01T00:00:00.000Z"];
    for (const date of ["not a date", "\u0000", "", "infinity", "2026-02-30T00:00:00.000Z", "2026-11-25", "2026-11-25T03:00:00Z", ...outsidePostgres]) {
      expect(() => decodeCursor(raw([date, 1]), ["timestamp", "int4"]), date).toThrow(AppError);
    }
    for (const n of [2147483648, -2147483649, 9007199254740991]) {
      expect(() => decodeCursor(raw([n]), ["int4"])).toThrow(AppError);
      expect(() => decodeCursor(raw(["2026-11-25T03:00:00.000Z", n]), ["timestamp", "int4"])).toThrow(AppError);
    }
    expect(() => decodeCursor(raw([9007199254740992]), ["int8"])).toThrow(AppError);
  });
});
