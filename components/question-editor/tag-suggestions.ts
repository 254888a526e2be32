// What the tag input suggests as the author types (contract 15.1 point 3): the workspace's tags
// that start with the text first, then those that contain it, never one the question has. Pure.
import { tagKey } from "@/server/schemas/blueprint";

/** Suggestions shown at once. */
export const SHOWN = 8;

/** The suggestions for `typed`: those that start with it first, then those that contain it; none already chosen. */
export function tagSuggestionsFor(typed: string, suggestions: readonly string[], chosen: readonly string[]): string[] {
  const key = tagKey(typed);
  const taken = new Set(chosen.map(tagKey));
  const open = suggestions.filter((s) => !taken.has(tagKey(s)));
  if (key === "") return open.slice(0, SHOWN);
  const starts = open.filter((s) => tagKey(s).startsWith(key));
  const contains = open.filter((s) => !tagKey(s).startsWith(key) && tagKey(s).includes(key));
  return [...starts, ...contains].slice(0, SHOWN);
}
