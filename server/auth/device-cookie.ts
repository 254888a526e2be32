// The device cookie: how the sign-in limits recognise a browser that has signed in to an account
// before. It holds a random device id and tags of the (at most ten) accounts last signed in to or
// created from this browser, signed with the session secret. A tag is an HMAC of the account's
// email, so the cookie names no email. A browser holding a valid cookie that names the account
// is counted on its own (per account and device) and is exempt from the limits an attacker
// elsewhere can drive up: the account-wide one and the per-address one. It is HttpOnly, SameSite
// Strict and sent only to /api/auth, and carries no authority beyond that.
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

export const DEVICE_COOKIE = "exam_studio_device";
export const DEVICE_COOKIE_PATH = "/api/auth";
/** 180 days: a browser used at least twice a year stays known. */
export const DEVICE_COOKIE_MAX_AGE = 180 * 24 * 60 * 60;
const MAX_ACCOUNTS = 10;

export interface Device {
  id: string;
  /** Account tags, most recent first. */
  accounts: string[];
}

const hmac = (secret: string, purpose: string, text: string) =>
  createHmac("sha256", secret).update(`${purpose}\n${text}`).digest("base64url");

/** The account's tag: its email (as the auth library compares it: lower case) under the secret. */
export function accountTag(secret: string, email: string): string {
  return hmac(secret, "device-account", email.toLowerCase()).slice(0, 22);
}

export function encodeDevice(secret: string, device: Device): string {
  const payload = Buffer.from(JSON.stringify({ d: device.id, a: device.accounts })).toString("base64url");
  return `${payload}.${hmac(secret, "device-cookie", payload)}`;
}

/** The device a cookie value describes; null when it is missing, malformed or not signed with `secret`. */
export function decodeDevice(secret: string, value: string | null | undefined): Device | null {
  if (!value || value.length > 1024) return null;
  const [payload, signature, extra] = value.split(".");
  if (!payload || !signature || extra !== undefined) return null;
  const expected = Buffer.from(hmac(secret, "device-cookie", payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const data = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as { d?: unknown; a?: unknown };
    if (typeof data.d !== "string" || !Array.isArray(data.a) || !data.a.every((t) => typeof t === "string"))
      return null;
    return { id: data.d, accounts: data.a as string[] };
  } catch {
    return null;
  }
}

/** The device after signing in to the account with this tag: it comes first, the oldest beyond ten are dropped. */
export function withAccount(device: Device | null, tag: string): Device {
  const id = device?.id ?? randomBytes(16).toString("base64url");
  return { id, accounts: [tag, ...(device?.accounts ?? []).filter((t) => t !== tag)].slice(0, MAX_ACCOUNTS) };
}

/** The value of one cookie in a Cookie header. */
export function cookieValue(header: string | null | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return null;
}
