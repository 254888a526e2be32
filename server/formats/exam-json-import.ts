// The Exam Studio archive read (exam-json.ts describes it): the document checked with the
// archive's schemas (exam-json-schema.ts), then planned as an import, item by item, with a warning
// for each field the archive holds that this version does not know. Pure.
import { z } from "zod";
import type { Issue } from "../errors";
import type { AnswerInput } from "../schemas/question";
import { zodIssues } from "../schemas/zod-issues";
import { fileIssue, itemPath, lineAndColumn, numberedRef, resourcesFor, segmentsPath, utf8Text } from "./shared";
import type { ExamSettings, ImportOptions, ImportPlan, ItemParams, ItemQuestion, ParseResult, PlanItem } from "./types";
import {
  ARCHIVE_MARKER,
  ARCHIVE_VERSION,
  archiveDocument,
  isObject,
  KEYS,
  type ArchiveDocument,
  type ArchiveQuestion,
} from "./exam-json-schema";

/** The archive's content as an import plan, or its problems. */
export function parseExamJson(bytes: Uint8Array, options: ImportOptions): ParseResult {
  const fail = (...issues: Issue[]): ParseResult => ({ ok: false, issues });
  const text = utf8Text(bytes);
  if (text === null)
    return fail(
      fileIssue("malformed_file", "is not UTF-8 text, so it is not an Exam Studio archive (a JSON document)"),
    );
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    return fail(fileIssue("malformed_file", `is not well-formed JSON: ${jsonProblem(error, text)}`));
  }
  if (!isObject(raw) || raw.format !== ARCHIVE_MARKER) {
    return fail(
      fileIssue(
        "malformed_file",
        `is JSON but not an Exam Studio archive: its top level has no "format": "${ARCHIVE_MARKER}"`,
      ),
    );
  }
  if (raw.version !== ARCHIVE_VERSION) {
    const newer = typeof raw.version === "number" && Number.isInteger(raw.version) && raw.version > ARCHIVE_VERSION;
    return fail(
      fileIssue(
        "malformed_file",
        newer
          ? `is an Exam Studio archive of version ${raw.version}, written by a newer Exam Studio; this one reads version ${ARCHIVE_VERSION}`
          : `has "version": ${JSON.stringify(raw.version) ?? "nothing"}; an Exam Studio archive has "version": ${ARCHIVE_VERSION}`,
      ),
    );
  }
  if (Array.isArray(raw.questions) && raw.questions.length > options.maxItems) {
    return fail(
      fileIssue(
        "too_many",
        `holds ${raw.questions.length} questions; at most ${options.maxItems} can be imported at once`,
      ),
    );
  }
  const parsed = archiveDocument.safeParse(raw, { reportInput: true });
  if (!parsed.success) return fail(...archiveIssues(parsed.error, raw));
  return { ok: true, plan: toPlan(parsed.data, raw) };
}

/** What JSON.parse found wrong, and where (line and column). */
function jsonProblem(error: unknown, text: string): string {
  const message = error instanceof Error ? error.message : String(error);
  const at = /at position (\d+)/.exec(message);
  // V8 quotes the text in some messages ("Unexpected token '}', "{…" is not valid JSON"): keep the first clause only.
  const what = message.replace(/ in JSON at position \d+.*$/s, "").replace(/, ".*$/s, "");
  const offset = at ? Number(at[1]) : /end of JSON input/.test(message) ? text.length : null;
  if (offset === null) return what;
  const { line, column } = lineAndColumn(text, offset);
  return `${what} (line ${line}, column ${column})`;
}

/**
 * The document's problems: inside a question at `items[i]…` (as its questionCreate params name
 * the field; `items[i].case_study`, `items[i].domain` and `items[i].copied_from` for what the
 * import decides), the message naming the question; anything else at `file`, the message naming
 * the place in the archive.
 */
function archiveIssues(error: z.ZodError, raw: Record<string, unknown>): Issue[] {
  const ours = zodIssues(error);
  return error.issues.map((issue, k) => {
    const { code, message } = ours[k]!;
    const [head, index, ...rest] = issue.path;
    if (head === "questions" && typeof index === "number") {
      const question = Array.isArray(raw.questions) ? raw.questions[index] : undefined;
      const ref = numberedRef("question", index, isObject(question) ? question.external_id : undefined);
      const where = segmentsPath("", rest);
      const path =
        rest.length === 0
          ? itemPath(index)
          : rest[0] === "answers" || rest[0] === "case_study" || rest[0] === "domain" || rest[0] === "copied_from"
            ? segmentsPath(itemPath(index), rest)
            : segmentsPath(itemPath(index, "question"), rest);
      return { code, path, message: where ? `${ref}: ${where}: ${message}` : `${ref}: ${message}` };
    }
    const where = segmentsPath("", issue.path);
    return { code, path: "file", message: where ? `the archive's ${where} ${message}` : `the archive ${message}` };
  });
}

/** Warnings for the keys of `value` that `known` does not name. */
function unknownFields(value: unknown, known: readonly string[], where: string): string[] {
  if (!isObject(value)) return [];
  const unknown = Object.keys(value).filter((k) => !known.includes(k));
  if (unknown.length === 0) return [];
  const what = `unknown field(s) ${unknown.map((k) => JSON.stringify(k)).join(", ")} ignored`;
  return [where ? `${where}: ${what}` : what];
}

/** An object without the keys whose value is undefined (a field the file left out stays out). */
function defined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

function toPlan(doc: ArchiveDocument, raw: Record<string, unknown>): ImportPlan {
  const media = doc.media ?? {};
  const used = new Set<string>();
  const warnings: string[] = [...unknownFields(raw, KEYS.document, "the archive")];
  const rawList = (key: string) => (Array.isArray(raw[key]) ? (raw[key] as unknown[]) : []);

  let exam: ImportPlan["exam"] = null;
  let blueprint: ImportPlan["domains"];
  if (doc.exam) {
    warnings.push(...unknownFields(raw.exam, KEYS.exam, "the archive's exam"));
    if (isObject(raw.exam))
      warnings.push(...unknownFields(raw.exam.testing, KEYS.testing, "the archive's exam.testing"));
    const { testing, domains, ...rest } = doc.exam;
    if (isObject(raw.exam) && Array.isArray(raw.exam.domains))
      raw.exam.domains.forEach((d, i) =>
        warnings.push(...unknownFields(d, KEYS.domain, `the archive's exam.domains[${i}]`)),
      );
    const settings: Partial<ExamSettings> = defined({ ...rest, ...(testing ? { testing } : {}) });
    exam = { settings, resources: resourcesFor(media, [doc.exam.description ?? ""], [], used) };
    if (domains) blueprint = domains;
  }

  const caseStudies = (doc.case_studies ?? []).map((cs, i) => {
    warnings.push(...unknownFields(rawList("case_studies")[i], KEYS.caseStudy, `the archive's case_studies[${i}]`));
    const description = cs.description ?? "";
    return {
      ref: `case study ${i + 1} (${JSON.stringify(cs.name)})`,
      name: cs.name,
      description,
      resources: resourcesFor(media, [description], [], used),
    };
  });

  const items = (doc.questions ?? []).map((q, i) => toItem(q, i, rawList("questions")[i], media, used));

  const unused = Object.keys(media).filter((path) => !used.has(path));
  if (unused.length > 0) {
    warnings.push(
      `the archive's media ${unused.map((p) => JSON.stringify(p)).join(", ")}: nothing in the archive refers to ${unused.length === 1 ? "it" : "them"}, so ${unused.length === 1 ? "it was" : "they were"} not stored`,
    );
  }
  return { exam, caseStudies, ...(blueprint ? { domains: blueprint } : {}), items, warnings };
}

function toItem(
  q: ArchiveQuestion,
  index: number,
  raw: unknown,
  media: Record<string, string>,
  used: Set<string>,
): PlanItem {
  const warnings = unknownFields(raw, KEYS.question, "");
  const rawAnswers = isObject(raw) && Array.isArray(raw.answers) ? raw.answers : [];
  rawAnswers.forEach((a, j) => warnings.push(...unknownFields(a, KEYS.answer, `answers[${j}]`)));
  if (isObject(raw)) warnings.push(...unknownFields(raw.copied_from, KEYS.copiedFrom, "copied_from"));
  const question: ItemQuestion = defined({
    type: q.type,
    question: q.question,
    explanation: q.explanation,
    external_id: q.external_id,
    points: q.points,
    properties: q.properties,
    tags: q.tags,
    // Checked by questionCreate's schema with the rest of the item (import-items.ts).
    scenarios: q.scenarios as ItemQuestion["scenarios"],
  });
  const answers: AnswerInput[] | undefined =
    q.answers && q.answers.length > 0 ? q.answers.map((a) => defined({ ...a })) : undefined;
  const html = [q.question, q.explanation ?? "", ...(q.answers ?? []).map((a) => a.answer)];
  const resources = resourcesFor(media, html, [q.properties?.image], used);
  const params: ItemParams = {
    question,
    ...(answers ? { answers } : {}),
    ...(Object.keys(resources).length > 0 ? { resources } : {}),
  };
  return {
    ref: numberedRef("question", index, q.external_id),
    params,
    caseStudy: q.case_study ?? null,
    ...(q.domain === undefined ? {} : { domain: q.domain }),
    ...(q.copied_from === undefined ? {} : { copiedFrom: q.copied_from }),
    warnings,
  };
}
