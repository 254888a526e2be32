// The question editor's number fields, read as typed (components/forms/number-text.ts): the
// question's points, each answer's points, the similarity and each accepted value's points.
import { hasAnswers } from "@/server/domain/question-types";
import type { Issue } from "@/server/errors";
import { QUESTION_TYPE } from "@/server/schemas/question";
import { NUMBER_RULES, readNumber, type NumberRule } from "../forms/number-text";
import type { QuestionDraft } from "./draft";
import { FIELD } from "./issue-map";

/** One issue per number field of the draft whose text is not what the field takes. */
export function draftNumberIssues(draft: QuestionDraft): Issue[] {
  const issues: Issue[] = [];
  const check = (text: string, rule: NumberRule, path: string) => {
    const read = readNumber(text, rule, path);
    if (!read.ok) issues.push(read.issue);
  };
  check(draft.points, { ...NUMBER_RULES.questionPoints, optional: true }, FIELD.points);
  if (hasAnswers(draft.type))
    draft.answers.forEach((a, i) => check(a.points, NUMBER_RULES.itemPoints, FIELD.answerPoints(i)));
  if (draft.type === QUESTION_TYPE.textInput) {
    check(draft.textSimilarity, NUMBER_RULES.textSimilarity, FIELD.textSimilarity);
    draft.textAnswers.forEach((t, i) => check(t.points, NUMBER_RULES.itemPoints, FIELD.textAnswerPoints(i)));
  }
  return issues;
}

/** `issues` without those at the paths of `replaced` (a number field's own message replaces them). */
export function withoutPaths(issues: readonly Issue[], replaced: readonly Issue[]): Issue[] {
  const paths = new Set(replaced.map((i) => i.path));
  return issues.filter((i) => !paths.has(i.path));
}
