// Duplicating a question: read it whole (exam.questionGet, points included) and create a new one
// with the same content, domain and tags. Stored /media paths are valid references, so no file is re-sent.
// external_id is left out: it is unique within the exam. The API puts a new question last;
// the list then moves the copy right after its original (see use-question-duplicate.ts).
import { callOperation } from "../lib/operations";
import { failureText } from "../issues/failure-text";

export type DuplicateOutcome = { ok: true; id: number } | { ok: false; message: string };

function failure(what: string, outcome: Parameters<typeof failureText>[0]): DuplicateOutcome {
  return { ok: false, message: `${what}: ${failureText(outcome)}` };
}

export async function duplicateQuestion(id: number): Promise<DuplicateOutcome> {
  const read = await callOperation("exam.questionGet", { id });
  if (!read.ok) return failure("The question could not be read", read);
  const { question, answers } = read.result;
  const created = await callOperation("exam.questionCreate", {
    question: {
      exam_id: question.exam_id,
      type: question.type,
      question: question.question,
      explanation: question.explanation,
      case_study_id: question.case_study_id,
      points: question.points,
      properties: question.properties,
      // The same exam: the copy is in the same domain, with the same tags.
      domain_id: question.domain_id,
      tags: question.tags,
    },
    // Types 3, 4, 5 and 7 have no answers; sending an empty list would only earn a warning.
    ...(answers.length > 0
      ? {
          answers: answers.map((a) => ({
            answer: a.answer,
            is_correct: a.is_correct,
            order: a.order,
            points: a.points,
            ...(a.old_id !== null ? { old_id: a.old_id } : {}),
          })),
        }
      : {}),
  });
  if (!created.ok) return failure("The copy could not be created", created);
  return { ok: true, id: created.result.question.id };
}
