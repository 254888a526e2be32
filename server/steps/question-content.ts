// What questionCreate and questionUpdate share: check a whole question (HTML fields, media,
// case study, the per-type rules) and produce the rows to store. Nothing is written here.
import type { Db } from "@/db/client";
import { getCaseStudyOrThrow } from "../data/case-studies";
import { questionWithExternalId } from "../data/questions";
import { AppError, type Issue } from "../errors";
import { hasAnswers, hasAreas } from "../domain/question-types";
import { questionTextColumns } from "../domain/search-text";
import { checkQuestion, type NormalizedAnswer } from "../domain/question-rules";
import { isQuestionType, type ParsedAnswer, type QuestionInput } from "../schemas/question";
import { isImageProperties, type QuestionProperties } from "../schemas/question/properties";
import type { Scenario } from "../schemas/question/response";
import { prepareContent, type HtmlFieldInput, type PreparedContent } from "./content";
import type { OpContext } from "../operation";

export interface PreparedQuestion {
  columns: {
    type: number;
    question: string;
    explanation: string;
    caseStudyId: number | null;
    externalId: string | null;
    points: number;
    properties: QuestionProperties;
    warnings: Issue[];
    /** As sent; undefined when left out (server/steps/blueprint.ts resolveExtensions decides). */
    domainId?: number | null;
    tags?: string[];
    scenarios?: Scenario[];
    /** What questionSearch and near duplicates read (server/domain/search-text.ts), from the cleaned HTML. */
    searchText: string;
    similarityText: string;
    similarityKeys: number[];
  };
  answers: NormalizedAnswer[];
  content: PreparedContent;
}

export async function prepareQuestion(
  ctx: OpContext,
  input: QuestionInput,
  answers: ParsedAnswer[] | undefined,
  resources: Record<string, string> | undefined,
): Promise<PreparedQuestion> {
  const { report } = ctx;
  const type = input.type;
  const props = (input.properties ?? {}) as Record<string, unknown>;

  const fields: HtmlFieldInput[] = [
    { path: "question.question", kind: "question", html: input.question },
    { path: "question.explanation", kind: "explanation", html: input.explanation },
  ];
  if (hasAnswers(type) && answers) {
    answers.forEach((a, i) => fields.push({ path: `answers[${i}].answer`, kind: "answer", html: a.answer }));
  }
  const imageRefs =
    hasAreas(type) && typeof props.image === "string" && props.image !== ""
      ? [{ path: "question.properties.image", ref: props.image }]
      : [];
  const content = await prepareContent(ctx, fields, imageRefs, resources);
  if (content.empty.has("question.question")) {
    report.error("empty", "question.question", "must contain text or media");
  }
  answers?.forEach((a, i) => {
    if (hasAnswers(type) && content.empty.has(`answers[${i}].answer`))
      report.error("empty", `answers[${i}].answer`, "must contain text or media");
  });

  const image = content.images.get("question.properties.image");
  // The rules see the cleaned answer HTML (media paths rewritten), so what they return is stored.
  const cleanAnswers = answers?.map((a, i) => ({ ...a, answer: content.html.get(`answers[${i}].answer`) ?? a.answer }));
  const rules = await ctx.parser.checkQuestion({
    question: { type, properties: props, answers: cleanAnswers },
    context: {
      imageSize:
        image && image.width !== null && image.height !== null ? { width: image.width, height: image.height } : null,
      limits: { answers: ctx.limits.answers, textAnswers: ctx.limits.textAnswers },
    },
  });
  report.merge(rules);

  // The stored image path is the one the service assigned.
  const properties: QuestionProperties =
    image && isImageProperties(rules.properties) ? { ...rules.properties, image: image.path } : rules.properties;
  const questionHtml = content.html.get("question.question") ?? "";
  const explanationHtml = content.html.get("question.explanation") ?? "";
  return {
    columns: {
      type,
      question: questionHtml,
      explanation: explanationHtml,
      caseStudyId: input.case_study_id,
      externalId: input.external_id,
      points: input.points,
      properties,
      warnings: rules.warnings,
      domainId: input.domain_id,
      tags: input.tags,
      scenarios: input.scenarios,
      ...questionTextColumns({ question: questionHtml, explanation: explanationHtml, answers: rules.answers }),
    },
    answers: rules.answers,
    content,
  };
}

/**
 * The per-type rules run on raw params whose schema check failed (see Operation.explain): only
 * when the type itself is readable, and never throwing on shapes the schema already refused.
 */
export function explainQuestionParams(raw: unknown): Issue[] {
  if (typeof raw !== "object" || raw === null) return [];
  const { question, answers } = raw as { question?: unknown; answers?: unknown };
  if (typeof question !== "object" || question === null) return [];
  const { type, properties } = question as { type?: unknown; properties?: unknown };
  if (!isQuestionType(type)) return [];
  const usableAnswers =
    answers === undefined ||
    (Array.isArray(answers) &&
      answers.every(
        (a) => typeof a === "object" && a !== null && typeof (a as { answer?: unknown }).answer === "string",
      ))
      ? (answers as ParsedAnswer[] | undefined)
      : null;
  if (usableAnswers === null) return [];
  try {
    return checkQuestion(
      { type, properties: properties ?? {}, answers: usableAnswers },
      { imageSize: null, limits: { answers: Infinity, textAnswers: Infinity } },
    ).errors;
  } catch {
    return [];
  }
}

/** case_study_id must be a case study of the same exam (-32602), and the caller's (-32004). */
export async function checkCaseStudy(
  ctx: OpContext,
  db: Db,
  caseStudyId: number | null,
  examId: number,
): Promise<void> {
  if (caseStudyId === null) return;
  const cs = await getCaseStudyOrThrow(db, ctx, caseStudyId, "question.case_study_id");
  if (cs.examId !== examId) {
    throw new AppError("invalid_params", {
      issues: [
        {
          code: "case_study_other_exam",
          path: "question.case_study_id",
          message: `case study ${caseStudyId} belongs to exam ${cs.examId}, not to exam ${examId}; use a case study of the question's own exam`,
        },
      ],
    });
  }
}

/** A duplicate external_id is a -32602 naming the question that has it (contract 7). */
export async function externalIdConflict(
  db: Db,
  examId: number,
  externalId: string,
  exceptId: number | null,
): Promise<AppError | null> {
  const holder = await questionWithExternalId(db, examId, externalId, exceptId);
  if (holder === null) return null;
  return new AppError("invalid_params", {
    issues: [
      {
        code: "external_id_taken",
        path: "question.external_id",
        message: `external_id ${JSON.stringify(externalId)} is already used by question ${holder} of this exam; it must be unique within the exam`,
      },
    ],
  });
}
