// The rows of /exams. A plain server-rendered table: the title links to the exam's page.
import Link from "next/link";
import type { ExamView } from "@/server/data/exams";
import { formatDateTime } from "../ui/format";
import { TableFrame } from "../ui/table-frame";
import { examTypeName } from "./exam-labels";
import { DuplicateExamButton } from "./duplicate-exam-button";
import { StatusBadge } from "./status-badge";

/** `blocked`: why the person's role may not make exams here (Duplicate is then disabled), or null. */
export function ExamTable({ exams, blocked = null }: { exams: readonly ExamView[]; blocked?: string | null }) {
  return (
    <TableFrame>
      {/* The fixed columns leave the title at least 14rem; narrower, the frame scrolls. */}
      <table className="w-full min-w-[63rem] table-fixed text-sm">
        <thead className="bg-slate-50 text-left text-slate-600">
          <tr>
            <th scope="col" className="px-4 py-2.5 font-medium">
              Title
            </th>
            <th scope="col" className="w-32 px-3 py-2.5 font-medium">
              Code
            </th>
            <th scope="col" className="w-40 px-3 py-2.5 font-medium">
              Category
            </th>
            <th scope="col" className="w-20 px-3 py-2.5 font-medium">
              Status
            </th>
            <th scope="col" className="w-24 px-3 py-2.5 text-right font-medium">
              Questions
            </th>
            <th scope="col" className="w-52 px-4 py-2.5 font-medium">
              Updated
            </th>
            {/* Named by aria-label, not an sr-only span: that is absolutely placed, and inside the
                frame that scrolls it would widen the page on a phone. */}
            <th scope="col" className="w-28 px-3 py-2.5 font-medium" aria-label="Actions" />
          </tr>
        </thead>
        <tbody>
          {exams.map((exam) => (
            <tr key={exam.id} className="border-t border-slate-200 hover:bg-slate-50" data-testid="exam-row">
              <td className="px-4 py-2.5">
                {/* On a phone the title column is narrow: the title wraps there rather than being cut. */}
                <Link
                  href={`/exams/${exam.id}`}
                  className="block font-medium break-words text-brand-700 hover:underline sm:truncate"
                  title={exam.title}
                >
                  {exam.title}
                </Link>
                <span className="text-xs text-slate-500">{examTypeName(exam.type)}</span>
              </td>
              <td className="truncate px-3 py-2.5 font-mono text-[13px] text-slate-700" title={exam.code}>
                {exam.code}
              </td>
              <td className="truncate px-3 py-2.5 text-slate-700" title={exam.category}>
                {exam.category}
              </td>
              <td className="px-3 py-2.5">
                <StatusBadge status={exam.status} />
              </td>
              <td className="px-3 py-2.5 text-right tabular-nums">{exam.question_count}</td>
              <td className="px-4 py-2.5 whitespace-nowrap text-slate-600 tabular-nums">
                <time dateTime={exam.updated_at}>{formatDateTime(exam.updated_at)}</time>
              </td>
              <td className="px-3 py-1.5">
                <DuplicateExamButton
                  examId={exam.id}
                  title={exam.title}
                  questionCount={exam.question_count}
                  size="sm"
                  variant="ghost"
                  blocked={blocked}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableFrame>
  );
}
