// Numerical questions (GIFT `{#…}`, Moodle `numerical`) as text input (type 7, similarity 100;
// contract 13.3 point 3): the accepted values are the exact values, written as text. A tolerance
// or range over integers lists every integer in it, up to MAX_LISTED values; any other tolerance
// keeps the exact value only, with a warning. Pure.

/** The most integers a tolerance or range is listed as. */
export const MAX_LISTED = 100;

export interface NumericalAnswer {
  /** The exact value (a range's middle). */
  value: number;
  /** Accepted distance from it; 0: exact. */
  tolerance: number;
  /** How the file wrote it, for the warning (e.g. `3.5:0.1`, `1..5`). */
  written: string;
}

/** The accepted values of the answers, and a warning for each tolerance that is not kept. */
export function numericalValues(answers: readonly NumericalAnswer[]): { values: string[]; warnings: string[] } {
  const values: string[] = [];
  const warnings: string[] = [];
  const add = (v: number) => {
    const text = numberText(v);
    if (!values.includes(text)) values.push(text);
  };
  for (const a of answers) {
    const tolerance = Math.abs(a.tolerance);
    if (tolerance === 0) {
      add(a.value);
      continue;
    }
    const low = a.value - tolerance;
    const high = a.value + tolerance;
    const first = Math.round(low);
    const last = Math.round(high);
    // Over integers: both ends are integers (1..4, 5:2), up to rounding of the decimal values.
    const integral = Math.abs(low - first) < 1e-9 && Math.abs(high - last) < 1e-9;
    if (integral && last - first + 1 <= MAX_LISTED) {
      for (let v = first; v <= last; v++) add(v);
      continue;
    }
    add(a.value);
    warnings.push(
      integral
        ? `the range ${a.written} holds ${last - first + 1} integers, more than the ${MAX_LISTED} listed here: only ${numberText(a.value)} is accepted`
        : `the tolerance of ${a.written} is not kept (a typed answer here is compared as text): only ${numberText(a.value)} is accepted`,
    );
  }
  return { values, warnings };
}

/** A number as a person types it: no exponent for ordinary sizes, no trailing zeros. */
export function numberText(v: number): string {
  if (Object.is(v, -0)) return "0";
  return Number.isInteger(v) || Math.abs(v) >= 1e-6 ? String(Number(v.toPrecision(15))) : String(v);
}
