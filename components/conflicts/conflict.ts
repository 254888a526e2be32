// A save refused because someone else saved the object after this editor loaded it (-32009,
// contract 14.2): who, when, at which version. Pure, so the editors and their tests share it.
import { RPC_CODES } from "@/server/errors";

export interface Conflict {
  /** The stored version, which a knowing overwrite sends as expected_version. */
  version: number;
  by: { email: string; name: string } | null;
  /** ISO time of the stored version. */
  at: string;
}

/** The conflict a failed call reports, or null for any other failure. */
export function conflictOf(outcome: { code: number; data?: Record<string, unknown> }): Conflict | null {
  if (outcome.code !== RPC_CODES.conflict || !outcome.data) return null;
  const { current_version: version, updated_by: by, updated_at: at } = outcome.data;
  if (typeof version !== "number" || typeof at !== "string") return null;
  const person = by && typeof by === "object" ? (by as { email?: unknown; name?: unknown }) : null;
  return {
    version,
    by:
      person && typeof person.email === "string"
        ? { email: person.email, name: typeof person.name === "string" ? person.name : "" }
        : null,
    at,
  };
}

/** Who saved it, as an author reads it: "Ann Lee (ann@example.com)", the address alone without a name. */
export function savedBy(conflict: Conflict): string {
  if (!conflict.by) return "Someone else";
  const name = conflict.by.name.trim();
  return name && name !== conflict.by.email ? `${name} (${conflict.by.email})` : conflict.by.email;
}
