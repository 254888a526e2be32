// What an exam's evaluation method means (contract 4, product.md "Scoring"): methods 1 and 3
// count fully correct questions, 2 and 4 add points; 1 and 2 pass or fail at passing_score,
// 3 and 4 only give the score. Pure, so the forms, the preview and the server share it.
// Partial credit (a question's scoring mode, contract 16.1 point 5) shows only under 2 and 4:
// under 1 and 3 a question counts when it is fully correct, whatever points it earned.

export type EvaluationMethodNumber = 1 | 2 | 3 | 4;

/** Methods 1 and 2: the candidate passes at `passing_score` percent, which they require. */
export function isPassFail(method: number): boolean {
  return method === 1 || method === 2;
}

/** Methods 2 and 4: the score is the points gained, not the share of fully correct questions. */
export function scoresByPoints(method: number): boolean {
  return method === 2 || method === 4;
}
