// What a refused workspace step says to the person. Every message of these steps (the schemas'
// and server/web/workspace-admin.ts's) is written for people, so it is shown as written, as a
// sentence.
import type { Issue } from "@/server/errors";

export function refusalText(issues: readonly Issue[]): string[] {
  return issues.map((i) => {
    const text = i.message.trim();
    const sentence = text.charAt(0).toUpperCase() + text.slice(1);
    return /[.!?]$/.test(sentence) ? sentence : `${sentence}.`;
  });
}
