// Largest-remainder apportionment (Hamilton's method), the rule by which a blueprint's weights
// share the drawn questions among its domains (contract 15.1 point 4). Integer arithmetic only,
// so a remainder of exactly .5 is never lost to floating point and ties are real ties.

/**
 * `seats` shared in proportion to `weights` (integers, 0 or more). Each gets the whole part of
 * weight × seats / W, W being the weights' sum; the seats left over go one each to the largest
 * remainders, and between equal remainders to the one that comes first. The shares sum to
 * `seats` exactly; a weight of 0 gets 0. All weights 0: nothing to share by, every share is 0.
 */
export function apportion(seats: number, weights: readonly number[]): number[] {
  const total = weights.reduce((sum, w) => sum + w, 0);
  if (total <= 0 || seats <= 0) return weights.map(() => 0);
  const shares = weights.map((w) => Math.floor((w * seats) / total));
  let left = seats - shares.reduce((sum, s) => sum + s, 0);
  // Remainders as integers (w × seats mod W): compared exactly.
  const byRemainder = weights
    .map((w, index) => ({ index, remainder: (w * seats) % total }))
    .filter((r) => r.remainder > 0)
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of byRemainder) {
    if (left === 0) break;
    shares[index]!++;
    left--;
  }
  return shares;
}
