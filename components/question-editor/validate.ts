// Live validation: the params the form would send, checked by the same schema and per-type rules
// as exam.questionCreate / exam.questionUpdate (server/schemas/question, server/domain/
// question-rules), so the editor finds what the API would refuse before saving (and words it for
// the author by its code, components/issues/author-text.ts). What needs the server (HTML policy,
// media, case study and external_id lookups) comes back with the save.
import { checkQuestion } from "@/server/domain/question-rules";
import type { Issue } from "@/server/errors";
import { parseQuestionParams, type AnswerInput } from "@/server/schemas/question";
import type { QuestionParams } from "./draft";

export interface ValidationLimits {
  /** Most answers per question; 0 turns the limit off (as on the server). */
  answers: number;
  /** Most accepted values of a text input question; 0 turns the limit off. */
  textAnswers: number;
}

export interface Validation {
  errors: Issue[];
  warnings: Issue[];
}

export const NO_ISSUES: Validation = { errors: [], warnings: [] };

/**
 * `imageSize` is the pixel size of an area question's base image when the editor has read it,
 * so areas are checked against the image as the server will check them.
 */
export function validateParams(
  params: QuestionParams,
  limits: ValidationLimits,
  imageSize: { width: number; height: number } | null = null,
): Validation {
  const mode = params.question.id === undefined ? "create" : "update";
  const parsed = parseQuestionParams(mode, params);
  const errors: Issue[] = parsed.ok ? [] : [...parsed.issues];
  const warnings: Issue[] = [...parsed.warnings];
  const type = params.question.type;
  if (typeof type === "number") {
    // The server runs these rules after the schema, and on raw params when the schema failed;
    // the form's answers always have the shape the rules read.
    const rules = checkQuestion(
      { type, properties: params.question.properties ?? {}, answers: params.answers as AnswerInput[] | undefined },
      { imageSize, limits },
    );
    errors.push(...rules.errors);
    warnings.push(...rules.warnings);
  }
  return { errors: unique(errors), warnings: unique(warnings) };
}

/** Issues without repeats (the schema and the rules can both report one problem). */
export function unique(issues: Issue[]): Issue[] {
  const seen = new Set<string>();
  return issues.filter((i) => {
    const key = `${i.path}\u0000${i.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
