// One data row of a sheet as an import item (csv-import.ts reads the sheet): its type, declared
// or inferred from its cells, its question, answers and properties, its domain, tags and case
// study. Pure.
import { QUESTION_TYPE, QUESTION_TYPE_NAMES, type AnswerInput, type QuestionType } from "../schemas/question";
import { DOMAIN_CODE_MAX } from "../schemas/blueprint";
import type { ItemParams, ItemQuestion, PlanItem } from "./types";
import { cellToHtml, NAME_MAX, TAG_SEPARATOR, typeOf } from "./csv-cells";
import type { RowReader } from "./csv-row-reader";

/** The row as an item; its problems go to the reader. */
export function readRow(r: RowReader): PlanItem {
  const { at } = r.layout;
  const externalId = at.external_id === undefined ? "" : r.text(at.external_id);
  if (externalId.trim() !== "") r.ref = `row ${r.row} (external id ${externalId})`;
  const skippedItem = (warning: string): PlanItem => ({
    ref: r.ref,
    params: null,
    caseStudy: null,
    warnings: [warning],
  });
  // A row whose type is wrong: its issues fail the file, so the item itself is never used.
  const failedItem = (): PlanItem => ({ ref: r.ref, params: null, caseStudy: null, warnings: [] });

  const type = at.type === undefined ? inferredType(r) : declaredType(r, at.type);
  if (type === null) return failedItem();
  if (type === QUESTION_TYPE.dragAndDrop || type === QUESTION_TYPE.pointAndShoot || type === QUESTION_TYPE.hotArea) {
    const name = QUESTION_TYPE_NAMES[type];
    return skippedItem(
      `skipped: a ${name} question (type ${type}) needs an image with areas, which a CSV row cannot hold; create it in the app, or import it from an Exam Studio archive (exam_json)`,
    );
  }

  const question: ItemQuestion = { type, question: "" };
  const questionText = r.text(at.question);
  if (questionText.trim() === "")
    r.error(
      "required",
      "question.question",
      at.question!,
      "is empty; every question needs its text (plain text or HTML)",
    );
  question.question = cellToHtml(questionText);
  const explanation = cellToHtml(r.text(at.explanation));
  if (explanation !== "") question.explanation = explanation;
  if (externalId.trim() !== "") question.external_id = externalId;
  const points = r.int(at.points, "question.points", { min: 0, what: "the question's points" });
  if (points !== undefined) question.points = points;

  let caseStudy: string | null = null;
  if (at.case_study !== undefined) {
    const name = r.text(at.case_study).trim();
    if (name.length > NAME_MAX)
      r.error(
        "too_long",
        "case_study",
        at.case_study,
        `a case study's name has at most ${NAME_MAX} characters; this one has ${name.length}`,
      );
    else if (name !== "") caseStudy = name;
  }

  let answers: AnswerInput[] | undefined;
  if (type === QUESTION_TYPE.textInput) question.properties = textInputProperties(r);
  else {
    for (const column of ["text_similarity", "case_sensitive"] as const) {
      const c = at[column];
      if (c !== undefined && r.cell(c).trim() !== "")
        r.warnings.push(`${r.where(c)} is for text input questions (type 7) only; ignored`);
    }
    answers = choiceAnswers(r, type as QuestionType);
    if (type === QUESTION_TYPE.sort) question.properties = { optional_answers: answers.some((a) => !a.is_correct) };
  }
  // The domain and tags (contract 15.3): a column the file lacks says nothing (an update keeps the
  // question's); an empty cell is none.
  let domain: string | null | undefined;
  if (at.domain !== undefined) {
    const code = r.text(at.domain).trim();
    if (code.length > DOMAIN_CODE_MAX)
      r.error(
        "too_long",
        "domain",
        at.domain,
        `a domain's code has at most ${DOMAIN_CODE_MAX} characters; this one has ${code.length}`,
      );
    else domain = code === "" ? null : code;
  }
  if (at.tags !== undefined)
    question.tags = r
      .text(at.tags)
      .split(TAG_SEPARATOR)
      .map((t) => t.trim())
      .filter((t) => t !== "");
  const params: ItemParams = { question, ...(answers && answers.length > 0 ? { answers } : {}) };
  return { ref: r.ref, params, caseStudy, ...(domain === undefined ? {} : { domain }), warnings: r.warnings };
}

/** The type the row's type cell names; null when it names none (reported). */
function declaredType(r: RowReader, column: number): number | null {
  const typeCell = r.cell(column).trim();
  if (typeCell === "") {
    r.error(
      "required",
      "question.type",
      column,
      "is empty; write the question type: 1 single choice, 2 multiple choice, 6 sort or 7 text input",
    );
    return null;
  }
  const type = typeOf(typeCell);
  if (type === null)
    r.error(
      "invalid_value",
      "question.type",
      column,
      `must be a question type a CSV row can hold: 1 single choice, 2 multiple choice, 6 sort or 7 text input (the number or the name); got ${JSON.stringify(typeCell)}`,
    );
  return type;
}

/**
 * The type of a row read through a mapping that names no type column: with correct answers
 * marked (correct_answers or correct_N), single choice for one, multiple choice for several;
 * with no column that marks them, a text input question whose answers are its accepted values.
 */
function inferredType(r: RowReader): number | null {
  const { layout } = r;
  if (layout.correctAnswers === undefined && layout.groups.every((g) => g.correct === undefined))
    return QUESTION_TYPE.textInput;
  const listed = r.correctAnswers();
  const count =
    listed?.size ??
    layout.groups.filter((g) => r.cell(g.answer).trim() !== "" && r.bool(g.correct, "answers") === true).length;
  if (r.issues.length > 0) return null;
  if (count === 0) {
    r.rowError(
      "no_correct_answer",
      "answers",
      "no answer is marked correct, so the row's type (single or multiple choice) cannot be told; mark its correct answers, or map a type column",
    );
    return null;
  }
  return count > 1 ? QUESTION_TYPE.multipleChoice : QUESTION_TYPE.singleChoice;
}

/** The answers of a type 1, 2 or 6 row, from its answer groups in column order. */
function choiceAnswers(r: RowReader, type: QuestionType): AnswerInput[] {
  const answers: AnswerInput[] = [];
  for (const group of r.layout.groups) {
    const text = r.text(group.answer);
    if (text.trim() === "") {
      for (const c of [group.correct, group.points]) {
        if (c !== undefined && r.cell(c).trim() !== "")
          r.error(
            "required",
            `answers[${answers.length}].answer`,
            c,
            `is set, but ${r.layout.names[group.answer]} is empty; write the answer, or empty this cell`,
          );
      }
      continue;
    }
    const j = answers.length;
    const listed = r.correctAnswers();
    const correct = listed ? listed.has(group.n) : r.bool(group.correct, `answers[${j}].is_correct`);
    const points = r.int(group.points, `answers[${j}].points`, {
      what: "the answer's points (negative for a penalty)",
    });
    answers.push({
      answer: cellToHtml(text),
      is_correct: correct ?? type === QUESTION_TYPE.sort,
      order: j + 1,
      points: points ?? 0,
    });
  }
  return answers;
}

/** The properties of a type 7 row: its accepted values with their points, text_similarity and case_sensitive. */
function textInputProperties(r: RowReader): Record<string, unknown> {
  const { at } = r.layout;
  const values: { value: string; points?: number }[] = [];
  for (const group of r.layout.groups) {
    const value = r.text(group.answer).trim();
    if (value === "") {
      if (group.points !== undefined && r.cell(group.points).trim() !== "") {
        r.error(
          "required",
          `question.properties.text_answer[${values.length}].value`,
          group.points,
          `is set, but ${r.layout.names[group.answer]} is empty; write the accepted value, or empty this cell`,
        );
      }
      continue;
    }
    const j = values.length;
    const listed = r.correctAnswers();
    if (listed && listed.size > 0 && !listed.has(group.n)) continue;
    if (r.bool(group.correct, `question.properties.text_answer[${j}]`) === false) {
      r.error(
        "invalid_value",
        `question.properties.text_answer[${j}]`,
        group.correct!,
        "every accepted value of a text input question is correct; leave this cell empty (or remove the value)",
      );
    }
    const points = r.int(group.points, `question.properties.text_answer[${j}].points`, {
      what: "the accepted value's points",
    });
    values.push({ value, ...(points !== undefined ? { points } : {}) });
  }
  if (values.length === 0) {
    const message = "a text input question (type 7) needs at least one accepted value, one in each answer_N column";
    const first = r.layout.groups[0]?.answer;
    if (first === undefined)
      r.rowError("required", "question.properties.text_answer", `${message}; the file has no answer_1 column`);
    else r.error("required", "question.properties.text_answer", first, message);
  }
  const similarity = r.int(at.text_similarity, "question.properties.text_similarity", {
    min: 0,
    max: 100,
    what: "the least similarity in percent (100: exact match)",
  });
  const similarityNeeded = "the least similarity in percent, from 0 to 100 (100: exact match)";
  if (r.layout.mapped) {
    // Other tools' sheets have no such column: an accepted value is matched exactly.
  } else if (at.text_similarity === undefined) {
    r.rowError(
      "required",
      "question.properties.text_similarity",
      `a text input question (type 7) needs a text_similarity column, which the file lacks: ${similarityNeeded}`,
    );
  } else if (similarity === undefined && r.cell(at.text_similarity).trim() === "") {
    r.error(
      "required",
      "question.properties.text_similarity",
      at.text_similarity,
      `is required for a text input question (type 7): ${similarityNeeded}`,
    );
  }
  const caseSensitive = r.bool(at.case_sensitive, "question.properties.case_sensitive");
  return { text_similarity: similarity ?? 100, case_sensitive: caseSensitive ?? false, text_answer: values };
}
