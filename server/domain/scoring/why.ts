// The sentence that says why a response earned what it did (contract 16.1 point 6), e.g.
// "2 of 3 targets right: 0.67 of 1 point". The scoring function writes it beside the points, so
// the preview's review, Try it and the API say the same thing.

/** Rounded to 2 decimals (contract 16.1 point 4); -0 becomes 0. */
export const round2 = (v: number) => Math.round(v * 100) / 100 + 0;

/** "1 target", "3 targets". */
export const counted = (n: number, noun: string) => `${n} ${noun}${n === 1 ? "" : "s"}`;

/** "2 of 3 targets": the noun agrees with the total. */
export const countOf = (k: number, n: number, noun: string) => `${k} of ${counted(n, noun)}`;

export function whySentence(
  reason: string,
  item: { points: number; max: number; noun: string },
  points: number,
  maxPoints: number,
): string {
  const items = item.points !== 0 ? `, with ${counted(round2(item.points), `${item.noun} point`)}` : "";
  return `${reason}${items}: ${round2(points)} of ${counted(round2(maxPoints), "point")}`;
}
