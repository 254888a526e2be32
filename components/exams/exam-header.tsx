"use client";
// The exam page's header: what the exam is, its status, and the actions on the whole exam.
import Link from "next/link";
import { ArrowLeft, Eye, History } from "lucide-react";
import { useState } from "react";
import type { ExamView } from "@/server/data/exams";
import type { FormatId } from "@/server/formats/types";
import { ExportDialog } from "../import-export/export-dialog";
import { ImportDialog } from "../import-export/import-dialog";
import { buttonClass } from "../ui/button";
import { formatDateTime } from "../ui/format";
import { DeleteExamButton } from "./delete-exam-button";
import { DuplicateExamButton } from "./duplicate-exam-button";
import { examTypeName } from "./exam-labels";
import { StatusButton, StatusNotice, useExamStatus } from "./exam-status-control";
import { StatusBadge } from "./status-badge";
import { PresenceBar } from "../presence/presence-bar";

/** `formats`: what can be exported and imported now (server/formats/registry.ts). */
export function ExamHeader({
  exam,
  version,
  caseStudyCount,
  formats,
}: {
  exam: ExamView;
  version: number;
  caseStudyCount: number;
  formats: { export: FormatId[]; import: FormatId[] };
}) {
  const status = useExamStatus(exam, version);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const questions = exam.question_count === 1 ? "1 question" : `${exam.question_count} questions`;
  // What one run of the simulation presents, as in effect (the settings tab says how it is set).
  const presents = `presents ${exam.testing_questions} ${exam.testing_time === 0 ? "with no time limit" : `in ${exam.testing_time} min`}${exam.testing_auto ? " (automatic)" : ""}`;

  return (
    <div className="flex flex-col gap-3">
      <Link href="/exams" className="inline-flex w-fit items-center gap-1 text-sm text-slate-600 hover:text-slate-900">
        <ArrowLeft aria-hidden className="size-4" />
        Exams
      </Link>
      {/* Below lg the actions go under what the exam is, so neither squeezes the other. */}
      <div className="flex flex-col gap-3 lg:flex-row lg:items-start lg:justify-between lg:gap-6">
        <div className="min-w-0">
          <div className="flex items-start gap-3">
            <h1 className="min-w-0 text-2xl font-semibold break-words" title={exam.title}>
              {exam.title}
            </h1>
            <StatusBadge status={exam.status} className="mt-1.5 shrink-0" />
          </div>
          {/* Short lines rather than one long one: beside the actions, a long line wraps at 1024 px
              and leaves its separators dangling. */}
          <p className="mt-1 flex flex-wrap gap-x-2 text-sm text-slate-600">
            <span className="font-mono text-slate-800" data-testid="exam-code">
              {exam.code}
            </span>
            <span aria-hidden>·</span>
            <span>{exam.category}</span>
            <span aria-hidden>·</span>
            <span>{examTypeName(exam.type)}</span>
          </p>
          <p className="text-sm text-slate-600">
            {questions}, <span data-testid="exam-presents">{presents}</span>
          </p>
          <p className="text-xs text-slate-500">Updated {formatDateTime(exam.updated_at)}</p>
          <PresenceBar examId={exam.id} />
        </div>
        <div className="flex flex-wrap items-center gap-2 lg:shrink-0 lg:flex-nowrap">
          <DeleteExamButton
            examId={exam.id}
            title={exam.title}
            questionCount={exam.question_count}
            caseStudyCount={caseStudyCount}
            onError={setDeleteError}
          />
          <DuplicateExamButton examId={exam.id} title={exam.title} questionCount={exam.question_count} />
          <ImportDialog examId={exam.id} formats={formats.import} />
          <ExportDialog examId={exam.id} formats={formats.export} />
          <Link href={`/exams/${exam.id}/history`} className={buttonClass("secondary")} prefetch={false}>
            <History aria-hidden className="size-4" /> History
          </Link>
          <Link href={`/exams/${exam.id}/preview`} className={buttonClass("secondary")} prefetch={false}>
            <Eye aria-hidden className="size-4" /> Preview
          </Link>
          <StatusButton status={exam.status} state={status} />
        </div>
      </div>
      <StatusNotice state={status} examId={exam.id} />
      {deleteError && (
        <div role="alert" className="rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
          The exam could not be deleted: {deleteError}
        </div>
      )}
    </div>
  );
}
