// Writing an exam as Moodle XML (contract 13.1 rule 3): the mapping of the import, back. Types
// 1 and 2 → multichoice (single / multiple), 6 → ordering, 7 → shortanswer, 3 → ddimageortext,
// 4 → ddmarker, 5 → ddmarker too (Moodle has no hot-area type; reported lossy). Media are
// embedded as <file> elements and named `@@PLUGINFILE@@/<sha256>.<ext>`; the points are the
// default grade, the explanation the general feedback, the external id the idnumber, the tags
// `<tags>`; each domain of the blueprint is a category before its questions
// (moodle-export-categories.ts). Scoring modes are Moodle's own where it has them: per_answer the
// answer fractions, type 6's modes the ordering gradingtype (moodle-scoring.ts); the scenarios,
// which Moodle has no place for, an <examstudio_scenarios> element that Moodle ignores and our
// import reads. The report says per question what Moodle cannot hold. Pure.
import { encodeBase64 } from "../media/base64";
import { QUESTION_TYPE, QUESTION_TYPE_NAMES, type QuestionType } from "../schemas/question";
import { fileNameFor } from "./exam-json";
import { exportDdImageOrText, exportDdMarker } from "./moodle-export-dd";
import type { ExportMedia } from "./moodle-html";
import {
  answerElement,
  commonElements,
  fractionText,
  questionName,
  type QuestionWriter,
  type Written,
} from "./moodle-write";
import { withCategories, type CategorizedQuestion } from "./moodle-export-categories";
import { ORDERING_GRADING } from "./moodle-scoring";
import { modeNote } from "./mode-notes";
import { ALL_OR_NOTHING } from "../schemas/question/scoring";
import type { ExamContent, ExportOptions, ExportReportItem, ExportResult, FileDomain } from "./types";
import { XML_DECLARATION, xmlElement, xmlText } from "./xml-write";

const NOT_CARRIED =
  "Moodle XML holds questions only: the exam's settings (type, title, category, code, shuffling, the number of testing questions, the time limit, the evaluation method, the passing score, the description and introduction pages), its case studies, status, review comments, history and versions are not in the file; each domain of the blueprint is a category, and the questions without a domain are in a category named after the exam's title";

/** The note of a blueprint with weights, which a category cannot hold. */
function weightsNote(domains: readonly FileDomain[]): string | null {
  if (!domains.some((d) => d.weight !== 0)) return null;
  return `Moodle XML has no blueprint weights: each domain is a category ($course$/top/CODE NAME, its code also the category's idnumber), without its weight (${domains.map((d) => `${d.code}: ${d.weight} %`).join(", ")}); imported back as a new exam every domain has weight 0`;
}

const ALL_OR_NOTHING_CHOICE =
  "its scoring mode all_or_nothing does not fit Moodle XML, which has no all-or-nothing multiple choice: it is written with Moodle's credit per answer (the right answers share 100%, each wrong one takes a share back), so in Moodle a partly right choice earns part of the grade, and imported back the question scores per_answer";

/** Notes for what an answer list holds that Moodle does not: points, old ids, orders other than 1, 2, 3… */
function answerNotes(w: QuestionWriter): void {
  const answers = w.q.answers;
  const withPoints = answers.filter((a) => a.points !== 0);
  if (withPoints.length > 0)
    w.notes.push(
      `its answers' points (${withPoints.map((a) => a.points).join(", ")}) are not in Moodle XML, which grades a question by its default grade only`,
    );
  if (answers.some((a) => a.old_id !== null))
    w.notes.push("the answers' old_id (the client's own ids) are not in Moodle XML");
  if (answers.some((a, i) => a.order !== i + 1)) {
    w.notes.push(
      `its answers' orders (${answers.map((a) => a.order).join(", ")}) are not 1, 2, 3…: imported back they are numbered 1 to ${answers.length}, in the same order`,
    );
  }
}

function choice(w: QuestionWriter): Written {
  const q = w.q;
  const single = q.type === QUESTION_TYPE.singleChoice;
  answerNotes(w);
  const right = q.answers.filter((a) => a.is_correct).length;
  const wrong = q.answers.length - right;
  // Type 2: the right answers share 100%; each wrong one takes back as much, so that choosing all is not full marks.
  const share = right > 0 ? 100 / right : 0;
  const answers = q.answers.map((a) =>
    answerElement(
      w,
      a.answer,
      fractionText(a.is_correct ? (single ? 100 : share) : single || wrong === 0 ? 0 : -share),
    ),
  );
  // per_answer is Moodle's credit per answer exactly (moodle-scoring.ts); all or nothing is not.
  if (!single && q.properties.scoring !== "per_answer") w.notes.push(ALL_OR_NOTHING_CHOICE);
  const xml = xmlElement(
    "question",
    { type: "multichoice" },
    ...commonElements(w),
    xmlElement("single", {}, single ? "true" : "false"),
    xmlElement("shuffleanswers", {}, w.shuffle ? "true" : "false"),
    xmlElement("answernumbering", {}, "abc"),
    ...answers,
  );
  return { xml, notes: w.notes };
}

function ordering(w: QuestionWriter): Written {
  const q = w.q;
  answerNotes(w);
  const inSequence = q.answers.filter((a) => a.is_correct);
  const distractors = q.answers.length - inSequence.length;
  if (distractors > 0)
    w.notes.push(
      `its ${distractors} distractor${distractors > 1 ? "s are" : " is"} left out: a Moodle ordering question has no answers outside the sequence`,
    );
  else if (q.properties.optional_answers === true)
    w.notes.push(
      "it allows distractors (optional_answers), which Moodle's ordering question does not: imported back optional_answers is false",
    );
  const mode = (q.properties.scoring ?? ALL_OR_NOTHING) as keyof typeof ORDERING_GRADING;
  const grading = ORDERING_GRADING[mode] ?? ORDERING_GRADING.all_or_nothing;
  if (grading.differs !== null)
    w.notes.push(
      `its scoring mode ${mode} does not fit Moodle XML exactly: it is written as Moodle's grading ${grading.gradingtype}, which differs: ${grading.differs}`,
    );
  const xml = xmlElement(
    "question",
    { type: "ordering" },
    ...commonElements(w),
    xmlElement("layouttype", {}, "VERTICAL"),
    xmlElement("selecttype", {}, "ALL"),
    xmlElement("selectcount", {}, "0"),
    xmlElement("gradingtype", {}, grading.gradingtype),
    xmlElement("showgrading", {}, "SHOW"),
    xmlElement("numberingstyle", {}, "none"),
    ...inSequence.map((a, k) => answerElement(w, a.answer, fractionText(k + 1))),
  );
  return { xml, notes: w.notes };
}

interface TextAnswer {
  value: string;
  points?: number;
}

function shortanswer(w: QuestionWriter): Written {
  const p = w.q.properties;
  const values = Array.isArray(p.text_answer) ? (p.text_answer as TextAnswer[]) : [];
  const similarity = typeof p.text_similarity === "number" ? p.text_similarity : 100;
  if (similarity !== 100)
    w.notes.push(
      `its text similarity ${similarity}% is not in Moodle XML, which accepts a typed answer only as written (or by its * wildcard): imported back the similarity is 100%`,
    );
  const withPoints = values.filter((v) => v.points !== undefined);
  if (withPoints.length > 0)
    w.notes.push(
      `the points of its accepted values (${withPoints.map((v) => `${JSON.stringify(v.value)}: ${v.points}`).join(", ")}) are not in Moodle XML: every value is accepted at 100%`,
    );
  const answers = values.map((v) =>
    xmlElement(
      "answer",
      { fraction: fractionText(100), format: "moodle_auto_format" },
      xmlElement("text", {}, xmlText(v.value.replace(/\*/g, "\\*"))),
      xmlElement("feedback", { format: "html" }, xmlElement("text")),
    ),
  );
  const xml = xmlElement(
    "question",
    { type: "shortanswer" },
    ...commonElements(w),
    xmlElement("usecase", {}, p.case_sensitive === true ? "1" : "0"),
    ...answers,
  );
  return { xml, notes: w.notes };
}

export function exportMoodleXml(content: ExamContent, options: ExportOptions = {}): ExportResult {
  const out: ExportMedia = { media: content.media, base64: options.base64 ?? encodeBase64 };
  const caseStudies = new Map(content.caseStudies.map((cs) => [cs.id, cs.name]));
  const questions: CategorizedQuestion[] = [];
  const items: ExportReportItem[] = content.questions.map((q, i) => {
    const w: QuestionWriter = {
      q,
      out,
      notes: [],
      name: questionName(q, i + 1),
      shuffle: content.exam.shuffle_answers,
    };
    let written: Written;
    switch (q.type) {
      case QUESTION_TYPE.singleChoice:
      case QUESTION_TYPE.multipleChoice:
        written = choice(w);
        break;
      case QUESTION_TYPE.sort:
        written = ordering(w);
        break;
      case QUESTION_TYPE.textInput:
        written = shortanswer(w);
        break;
      case QUESTION_TYPE.dragAndDrop:
        written = exportDdImageOrText(w);
        break;
      case QUESTION_TYPE.pointAndShoot:
      case QUESTION_TYPE.hotArea:
        written = exportDdMarker(w);
        break;
      default:
        written = {
          xml: null,
          notes: [
            `a question of type ${q.type} (${QUESTION_TYPE_NAMES[q.type as QuestionType] ?? "unknown"}) has no Moodle XML equivalent`,
          ],
        };
    }
    if (written.xml === null) return { question_id: q.id, fidelity: "omitted", notes: written.notes };
    // Moodle's drag and drop types grade each zone their own way, which no partial mode of ours is.
    const ddMode = [QUESTION_TYPE.dragAndDrop, QUESTION_TYPE.pointAndShoot, QUESTION_TYPE.hotArea].includes(
      q.type as 3 | 4 | 5,
    )
      ? modeNote(q, "Moodle XML")
      : null;
    if (ddMode !== null) written.notes.push(ddMode);
    if (q.case_study_id !== null) {
      written.notes.push(
        `its case study ${JSON.stringify(caseStudies.get(q.case_study_id) ?? "")} is not in Moodle XML (it has no case studies): imported back the question belongs to none`,
      );
    }
    questions.push({ domain: q.domain ?? null, xml: `<!-- question: ${q.id} -->\n  ${written.xml}\n` });
    return { question_id: q.id, fidelity: written.notes.length > 0 ? "lossy" : "lossless", notes: written.notes };
  });
  const domains = content.domains ?? [];
  const body = withCategories(content.exam.title, domains, questions);
  const text = `${XML_DECLARATION}<quiz>\n${body.map((x) => `  ${x}`).join("")}</quiz>\n`;
  const weights = weightsNote(domains);
  return {
    file: {
      name: fileNameFor(content.exam.code, "moodle.xml"),
      content_type: "application/xml",
      bytes: new TextEncoder().encode(text),
    },
    report: {
      items,
      notes: [NOT_CARRIED, ...(weights === null ? [] : [weights])],
    },
  };
}
