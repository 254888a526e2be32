import { caseStudiesOfExam, questionsWithAnswers } from "../data/exam-content";
import { domainsOf } from "../data/domains";
import { getExamOrThrow } from "../data/exams";
import { copiedFromToApi } from "../data/questions";
import { readSnapshot } from "../data/transaction";
import { invalidParams } from "../errors";
import { formatBytes } from "../format-bytes";
import { formatModule, unavailableFormat } from "../formats/registry";
import { contentTexts, storedMediaPaths } from "../formats/shared";
import type { ExamContent, ExportReport } from "../formats/types";
import { parseMediaPath } from "../media/paths";
import { examExportParams } from "../schemas/import-export";
import { defineOperation } from "../operation";
import { examSettingsOf } from "../steps/exam-fields";

export const examExport = defineOperation({
  method: "exam.examExport",
  access: "read",
  summary:
    "Export an exam as a file (an Exam Studio archive, a QTI 3.0 package, Moodle XML or CSV), with a report of what the format carried of each question. Changes nothing.",
  result: {
    file: "The file: name, content_type and base64 (its content).",
    report:
      "items: for every question in the exam's order, question_id, fidelity (lossless, lossy or omitted) and notes saying what was lost and why; notes: what the format cannot hold of the exam itself.",
  },
  params: examExportParams,
  async run(ctx, { id, format }) {
    const exporter = formatModule(format, "export");
    // The exam's access first (-32004, -32003), then the format (-32602).
    const content = await readSnapshot(ctx.db, async (tx) => {
      const exam = await getExamOrThrow(tx, ctx, id);
      if (!exporter) throw invalidParams([unavailableFormat(format, "export", "format")]);
      const caseStudies = await caseStudiesOfExam(tx, id);
      const questions = await questionsWithAnswers(tx, id);
      const domains = await domainsOf(tx, id);
      const codes = new Map(domains.map((d) => [d.id, d.code]));
      const withoutMedia: Omit<ExamContent, "media"> = {
        exam: examSettingsOf(exam),
        caseStudies: caseStudies.map((cs) => ({ id: cs.id, name: cs.name, description: cs.description })),
        domains: domains.map((d) => ({ code: d.code, name: d.name, weight: d.weight })),
        questions: questions.map(({ row, answers }) => ({
          id: row.id,
          type: row.type,
          question: row.question,
          explanation: row.explanation,
          external_id: row.externalId,
          points: row.points,
          case_study_id: row.caseStudyId,
          properties: row.properties,
          answers: answers.map((a) => ({
            answer: a.answer,
            is_correct: a.isCorrect,
            order: a.order,
            points: a.points,
            old_id: a.oldId ?? null,
          })),
          domain: row.domainId === null ? null : (codes.get(row.domainId) ?? null),
          tags: row.tags,
          scenarios: row.scenarios,
          copied_from: copiedFromToApi(row),
        })),
      };
      return withoutMedia;
    });
    // The stored files the content refers to, read from the store (a missing one is said in the report).
    const media = new Map<string, Uint8Array>();
    for (const path of storedMediaPaths(contentTexts(content))) {
      const ref = parseMediaPath(path)!;
      const bytes = await ctx.media.get(`${ref.hash}.${ref.ext}`);
      if (bytes) media.set(path, bytes);
    }
    const { file, report } = exporter!.export!(
      { ...content, media },
      { base64: (bytes) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("base64") },
    );
    const notes = [...report.notes];
    if (file.bytes.byteLength > ctx.limits.importBytes) {
      notes.push(
        `the file is larger than the import limit of ${formatBytes(ctx.limits.importBytes)} (LIMIT_IMPORT_MB), so it cannot be imported into this installation as it is`,
      );
    }
    const fullReport: ExportReport = { items: report.items, notes };
    return {
      file: {
        name: file.name,
        content_type: file.content_type,
        base64: Buffer.from(file.bytes.buffer, file.bytes.byteOffset, file.bytes.byteLength).toString("base64"),
      },
      report: fullReport,
    };
  },
});
