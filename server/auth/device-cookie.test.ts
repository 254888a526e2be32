import { describe, expect, it } from "vitest";
import { accountTag, cookieValue, decodeDevice, encodeDevice, withAccount } from "./device-cookie";

const SECRET = "s".repeat(40);

describe("the device cookie", () => {
  it("reads back what it wrote, with the secret that signed it only", () => {
    const device = withAccount(null, accountTag(SECRET, "Owner@Example.com"));
    const value = encodeDevice(SECRET, device);
    expect(decodeDevice(SECRET, value)).toEqual(device);
    expect(decodeDevice("t".repeat(40), value)).toBeNull();
  });

  it("names no email, and tags an email as the auth library compares it (any case)", () => {
    const value = encodeDevice(SECRET, withAccount(null, accountTag(SECRET, "owner@example.com")));
    expect(Buffer.from(value.split(".")[0]!, "base64url").toString()).not.toContain("owner");
    expect(accountTag(SECRET, "OWNER@example.com")).toBe(accountTag(SECRET, "owner@example.com"));
    expect(accountTag(SECRET, "other@example.com")).not.toBe(accountTag(SECRET, "owner@example.com"));
  });

  it.each([
    [
      "a changed payload",
      (v: string) => Buffer.from('{"d":"x","a":["forged"]}').toString("base64url") + "." + v.split(".")[1],
    ],
    ["a changed signature", (v: string) => v.slice(0, -2) + (v.endsWith("AA") ? "BB" : "AA")],
    ["no signature", (v: string) => v.split(".")[0]!],
    ["an extra part", (v: string) => `${v}.x`],
    ["nothing", () => ""],
  ])("refuses %s", (_, change) => {
    const value = encodeDevice(SECRET, withAccount(null, accountTag(SECRET, "owner@example.com")));
    expect(decodeDevice(SECRET, change(value))).toBeNull();
  });

  it("keeps the device id and the ten most recent accounts, newest first", () => {
    let device = withAccount(null, "a0");
    const id = device.id;
    for (let i = 1; i <= 11; i++) device = withAccount(device, `a${i}`);
    expect(device.id).toBe(id);
    expect(device.accounts).toEqual(["a11", "a10", "a9", "a8", "a7", "a6", "a5", "a4", "a3", "a2"]);
    expect(withAccount(device, "a5").accounts.slice(0, 2)).toEqual(["a5", "a11"]);
    expect(withAccount(device, "a5").accounts).toHaveLength(10);
  });

  it("finds its value in a Cookie header", () => {
    expect(cookieValue("a=1; exam_studio_device=v.s; b=2", "exam_studio_device")).toBe("v.s");
    expect(cookieValue("xexam_studio_device=v", "exam_studio_device")).toBeNull();
    expect(cookieValue(null, "exam_studio_device")).toBeNull();
  });
});
