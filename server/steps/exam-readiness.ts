// The re-check that "Mark ready" runs over a whole exam (contract 6). Each finding's details (kept
// out of API answers, whose warnings stay `{ code, path, message }`) carry what the app needs to
// name the problem in the author's words and link to where it is fixed: the question (its id and
// the number authors know it by) and its own warning, the numbers, where a missing file is used.
import type { Db } from "@/db/client";
import { answerAndCaseStudyHtml, questionsForReadiness, questionsWithScenarios } from "../data/exam-content";
import { drawSource } from "../data/exam-draw";
import { effectiveTesting, type ExamRow } from "../data/exams";
import { blueprintShortfalls } from "../domain/draw";
import { runScenarios } from "../domain/scoring/scenarios";
import type { Issue } from "../errors";
import { isIssueCode, type IssueDetails } from "../issue-codes";
import type { MediaStore } from "../media/store";
import { scoredFromRow } from "./scoring";

const STORED_MEDIA = /\/media\/([0-9a-f]{64}\.[a-z0-9]+)/g;

/** Where a stored media path is used, as the details of a media_missing finding say it. */
type Place = Pick<IssueDetails, "usedIn" | "position" | "questionId" | "caseStudyId" | "caseStudyName">;

/** A warning as a question's last save stored it (with the details its rule gave, if any). */
interface StoredWarning {
  code: string;
  path: string;
  message: string;
  details?: IssueDetails;
}

/** The question's own warning in the details of its question_warning; unknown codes are left out. */
function ownWarning(w: StoredWarning): Pick<IssueDetails, "warning"> {
  if (!isIssueCode(w.code)) return {};
  return { warning: { code: w.code, path: w.path, ...(w.details ? { details: w.details } : {}) } };
}

/**
 * blueprint_short (contract 15.1 point 5): each weighted domain with fewer questions than its
 * quota of the `presented` questions, named with its quota and its count. The draw still presents
 * them all, taking what such a domain lacks from the others, but no longer by the blueprint.
 */
async function blueprintWarnings(db: Db, examId: number, presented: number): Promise<Issue[]> {
  const { domains, pool } = await drawSource(db, examId);
  const counts = new Map<number | null, number>();
  for (const q of pool) counts.set(q.domainId, (counts.get(q.domainId) ?? 0) + 1);
  const counted = domains.map((d) => ({ ...d, count: counts.get(d.id) ?? 0 }));
  return blueprintShortfalls(counted, presented).map(({ index, domain, quota }) => ({
    code: "blueprint_short",
    path: `exam.domains[${index}]`,
    message: `domain ${JSON.stringify(domain.code)} (${domain.name}) has ${domain.count} question(s) but its quota is ${quota} of the ${presented} drawn`,
    details: {
      domain: { id: domain.id, code: domain.code, name: domain.name },
      quota,
      count: domain.count,
      presented,
    },
  }));
}

/**
 * scenario_failed (contract 16.3 point 3): each scenario of a question that does not earn its
 * expected points, or names an answer or area the question no longer has, named with its question.
 */
async function scenarioWarnings(db: Db, examId: number, positions: ReadonlyMap<number, number>): Promise<Issue[]> {
  const questions = await questionsWithScenarios(db, examId);
  questions.sort((a, b) => (positions.get(a.row.id) ?? 0) - (positions.get(b.row.id) ?? 0));
  return questions.flatMap(({ row, answers }) => {
    const index = positions.get(row.id) ?? 0;
    return runScenarios(scoredFromRow(row, answers), row.scenarios)
      .filter((r) => !r.passed)
      .map((r) => ({
        code: "scenario_failed",
        path: `questions[${index}].scenarios`,
        message: `question ${row.id}: scenario ${JSON.stringify(r.name)} expects ${r.expected_points} point(s) but ${r.points === null ? `cannot be scored: ${r.why}` : `earns ${r.points}`}`,
        details: { position: index + 1, questionId: row.id, scenario: r.name },
      }));
  });
}

export async function collectReadinessWarnings(db: Db, store: MediaStore, row: ExamRow): Promise<Issue[]> {
  const warnings: Issue[] = [];
  const questions = await questionsForReadiness(db, row.id);

  if (questions.length === 0)
    warnings.push({ code: "no_questions", path: "questions", message: "the exam has no questions" });
  questions.forEach((q, index) => {
    for (const w of q.warnings as StoredWarning[]) {
      warnings.push({
        code: "question_warning",
        path: `questions[${index}]`,
        message: `question ${q.id}: ${w.path}: ${w.message}`,
        details: { position: index + 1, questionId: q.id, ...ownWarning(w) },
      });
    }
  });
  const testingQuestions = effectiveTesting(row).questions;
  if (testingQuestions > questions.length) {
    warnings.push({
      code: "testing_questions_exceed",
      path: "exam.testing_questions",
      message: `testing_questions is ${testingQuestions} but only ${questions.length} question(s) can be presented`,
      details: { presented: testingQuestions, max: questions.length },
    });
  }
  warnings.push(...(await blueprintWarnings(db, row.id, testingQuestions)));
  warnings.push(...(await scenarioWarnings(db, row.id, new Map(questions.map((q, i) => [q.id, i])))));

  // Every stored media path the exam's content refers to must still be in the store. Each file is
  // listed once, at the first place that uses it (in the order an author reads the exam).
  const { answers, caseStudies } = await answerAndCaseStudyHtml(
    db,
    row.id,
    questions.map((q) => q.id),
  );
  const answersOf = new Map<number, string[]>();
  for (const a of answers) answersOf.set(a.questionId, [...(answersOf.get(a.questionId) ?? []), a.html]);
  const uses = new Map<string, { first: Place; places: number }>();
  const note = (place: Place, texts: string[]) => {
    const names = new Set(texts.flatMap((text) => [...text.matchAll(STORED_MEDIA)].map((m) => m[1]!)));
    for (const name of names) {
      const use = uses.get(name);
      if (use) use.places++;
      else uses.set(name, { first: place, places: 1 });
    }
  };
  note({ usedIn: "description" }, [row.description]);
  questions.forEach((q, index) =>
    note({ usedIn: "question", position: index + 1, questionId: q.id }, [
      q.question,
      q.explanation,
      JSON.stringify(q.properties),
      ...(answersOf.get(q.id) ?? []),
    ]),
  );
  for (const c of caseStudies) note({ usedIn: "case_study", caseStudyId: c.id, caseStudyName: c.name }, [c.html]);
  for (const [name, use] of uses) {
    if (!(await store.has(name)))
      warnings.push({
        code: "media_missing",
        path: "media",
        message: `/media/${name} is referenced but its file is missing`,
        details: { ...use.first, ...(use.places > 1 ? { others: use.places - 1 } : {}) },
      });
  }
  return warnings;
}
