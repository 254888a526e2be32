export interface TestArgs {
  noBrowser: boolean;
  browserOnly: boolean;
  vitest: string[];
  playwright: string[];
}
export function splitTestArgs(args: readonly string[]): TestArgs;
export function vitestCounts(report: unknown): { passed: number; failed: number; skipped: number };
export function vitestFailures(report: unknown, root?: string): string[];
