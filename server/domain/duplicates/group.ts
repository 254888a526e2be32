// Near-duplicate groups (contract 15.2 point 3): the connected components of the graph whose
// edges are the pairs of questions at least `threshold` similar. Each member carries its highest
// similarity to another member of its group, which is its strongest edge (every edge of a member
// joins it to its own group). Pure: the database finds the pairs, this groups them.

/** Two questions whose texts are `similarity` similar (0–1). The order of a and b does not matter. */
export interface SimilarPair {
  a: Member;
  b: Member;
  similarity: number;
}

/** A question as a group names it. */
export interface Member {
  id: number;
  examId: number;
}

export interface GroupMember extends Member {
  /** The member's highest similarity to another member of its group. */
  similarity: number;
}

/** Similarities are answered to 4 decimal places (pg_trgm computes them in single precision). */
export function roundSimilarity(value: number): number {
  return Math.round(value * 10_000) / 10_000;
}

/**
 * The groups of `pairs`: each a connected component of two or more questions. A pair may be
 * given twice (a, b and b, a) or more; a pair of a question with itself is ignored.
 *
 * Order, so that the same pairs always answer the same groups: the members of a group by their
 * similarity, highest first, then by id; the groups by their highest similarity, highest first,
 * then by their smallest id.
 */
export function groupDuplicates(pairs: readonly SimilarPair[]): GroupMember[][] {
  const parent = new Map<number, number>();
  const exams = new Map<number, number>();
  const best = new Map<number, number>();

  const find = (id: number): number => {
    let root = id;
    while (parent.get(root) !== root) root = parent.get(root)!;
    // Path compression: every node on the way now points at the root.
    let node = id;
    while (node !== root) {
      const next = parent.get(node)!;
      parent.set(node, root);
      node = next;
    }
    return root;
  };
  const add = (m: Member, similarity: number) => {
    if (!parent.has(m.id)) parent.set(m.id, m.id);
    exams.set(m.id, m.examId);
    best.set(m.id, Math.max(best.get(m.id) ?? 0, roundSimilarity(similarity)));
  };

  for (const { a, b, similarity } of pairs) {
    if (a.id === b.id) continue;
    add(a, similarity);
    add(b, similarity);
    const ra = find(a.id);
    const rb = find(b.id);
    // The smaller id becomes the root: the same pairs in any order build the same forest shape.
    if (ra !== rb) {
      if (ra < rb) parent.set(rb, ra);
      else parent.set(ra, rb);
    }
  }

  const byRoot = new Map<number, GroupMember[]>();
  for (const id of parent.keys()) {
    const root = find(id);
    const group = byRoot.get(root) ?? [];
    group.push({ id, examId: exams.get(id)!, similarity: best.get(id)! });
    byRoot.set(root, group);
  }
  const groups = [...byRoot.values()];
  for (const group of groups) group.sort(byMember);
  return groups.sort((x, y) => y[0]!.similarity - x[0]!.similarity || minId(x) - minId(y));
}

const byMember = (x: GroupMember, y: GroupMember) => y.similarity - x.similarity || x.id - y.id;

const minId = (group: GroupMember[]) => group.reduce((min, m) => Math.min(min, m.id), Number.POSITIVE_INFINITY);
