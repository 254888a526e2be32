// Pure helpers of the comment panel: the comments read so far kept in one list, oldest first.

interface HasId {
  id: number;
}

/**
 * `list` with `incoming` merged in: a comment already there is replaced by its newer copy, a new
 * one is added, and the whole stays ordered by id (the order they were written, as the API lists
 * them), so a comment added before the later pages were read is shown once, in its place.
 */
export function mergeComments<C extends HasId>(list: readonly C[], incoming: readonly C[]): C[] {
  const byId = new Map(list.map((c) => [c.id, c]));
  for (const c of incoming) byId.set(c.id, c);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

/** The open and the resolved comments, each oldest first. */
export function splitByResolved<C extends HasId & { resolved: boolean }>(
  list: readonly C[],
): { open: C[]; resolved: C[] } {
  return { open: list.filter((c) => !c.resolved), resolved: list.filter((c) => c.resolved) };
}

/** "3 comments", "1 comment". */
export function commentCount(n: number): string {
  return `${n} ${n === 1 ? "comment" : "comments"}`;
}
