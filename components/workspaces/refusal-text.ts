// What a refused workspace step says to the person. Every message of these steps (the schemas'
// and server/web/workspace-admin.ts's, and the role check's reason) is written for people, so it
// is shown as written, as a sentence; a refusal with neither issues nor a reason (the database
// out of reach, a server error) is worded by its code.
import type { Issue } from "@/server/errors";
import { failureText } from "../issues/failure-text";

/** "a link was used" → "A link was used." */
export function asSentence(message: string): string {
  const text = message.trim();
  const sentence = text.charAt(0).toUpperCase() + text.slice(1);
  return /[.!?]$/.test(sentence) ? sentence : `${sentence}.`;
}

export function refusalText(refusal: {
  code: number;
  issues: readonly Issue[];
  data?: Record<string, unknown>;
}): string[] {
  if (refusal.issues.length > 0) return refusal.issues.map((i) => asSentence(i.message));
  const reason = refusal.data?.reason;
  return [typeof reason === "string" ? asSentence(reason) : failureText(refusal)];
}
