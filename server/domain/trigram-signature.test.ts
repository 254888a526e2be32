import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { asciiTrigramCodes } from "./similarity-keys";
import { SIGNATURE_WORDS, sharedAtMost, writeSignature } from "./trigram-signature";

function signatureOf(codes: Set<number>): Int32Array {
  const signature = new Int32Array(SIGNATURE_WORDS);
  writeSignature(codes, signature, 0);
  return signature;
}

function shared(a: Set<number>, b: Set<number>): number {
  let n = 0;
  for (const x of a) if (b.has(x)) n++;
  return n;
}

describe("trigram signatures", () => {
  it("never bound the trigrams two sets share below the true count", () => {
    // Trigram codes are 21 bits; small ranges make sets that share many.
    const codes = fc.oneof(fc.integer({ min: 0, max: 300 }), fc.integer({ min: 0, max: (1 << 21) - 1 }));
    fc.assert(
      fc.property(fc.uniqueArray(codes, { maxLength: 120 }), fc.uniqueArray(codes, { maxLength: 120 }), (xs, ys) => {
        const [a, b] = [new Set(xs), new Set(ys)];
        const bound = sharedAtMost(signatureOf(a), 0, a.size, signatureOf(b), 0, b.size);
        expect(bound).toBeGreaterThanOrEqual(shared(a, b));
        expect(bound).toBeLessThanOrEqual(Math.min(a.size, b.size));
      }),
      { numRuns: 500 },
    );
  });

  it("stop below what the caller needs, still never below the true count, else bound as a whole", () => {
    const codes = fc.oneof(fc.integer({ min: 0, max: 300 }), fc.integer({ min: 0, max: (1 << 21) - 1 }));
    fc.assert(
      fc.property(
        fc.uniqueArray(codes, { maxLength: 120 }),
        fc.uniqueArray(codes, { maxLength: 120 }),
        fc.nat(130),
        (xs, ys, enough) => {
          const [a, b] = [new Set(xs), new Set(ys)];
          const [sa, sb] = [signatureOf(a), signatureOf(b)];
          const whole = sharedAtMost(sa, 0, a.size, sb, 0, b.size);
          const early = sharedAtMost(sa, 0, a.size, sb, 0, b.size, enough);
          expect(early).toBeGreaterThanOrEqual(whole);
          if (early >= enough) expect(early).toBe(whole);
          else expect(whole).toBeLessThan(enough);
        },
      ),
      { numRuns: 500 },
    );
  });

  it("tell texts far apart from their signatures alone", () => {
    const a = asciiTrigramCodes("which port does the dhcp server listen on")!;
    const b = asciiTrigramCodes("what is the default gateway of a subnet")!;
    expect(shared(a, b)).toBeLessThan(10);
    expect(sharedAtMost(signatureOf(a), 0, a.size, signatureOf(b), 0, b.size)).toBeLessThan(a.size / 2);
    // A text against itself: the bound is the whole set.
    expect(sharedAtMost(signatureOf(a), 0, a.size, signatureOf(a), 0, a.size)).toBe(a.size);
  });

  it("read and write signatures at an offset in a shared array", () => {
    const a = asciiTrigramCodes("subnet mask")!;
    const pool = new Int32Array(SIGNATURE_WORDS * 3).fill(-1);
    writeSignature(a, pool, SIGNATURE_WORDS);
    expect([...pool.subarray(0, SIGNATURE_WORDS)].every((w) => w === -1)).toBe(true);
    expect([...pool.subarray(SIGNATURE_WORDS, 2 * SIGNATURE_WORDS)]).toEqual([...signatureOf(a)]);
    expect(sharedAtMost(pool, SIGNATURE_WORDS, a.size, signatureOf(a), 0, a.size)).toBe(a.size);
  });
});
