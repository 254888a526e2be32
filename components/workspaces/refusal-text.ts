// What a refused workspace step says to the person. Every message of these steps (the schemas'
// and server/web/workspace-admin.ts's) is written for people, so it is shown as written, as a
// sentence.
import type { Issue } from "@/server/errors";

/** "a link was used" → "A link was used." */
export function asSentence(message: string): string {
  const text = message.trim();
  const sentence = text.charAt(0).toUpperCase() + text.slice(1);
  return /[.!?]$/.test(sentence) ? sentence : `${sentence}.`;
}

export function refusalText(issues: readonly Issue[]): string[] {
  return issues.map((i) => asSentence(i.message));
}
