// The trail above the pages under an exam (question editor, preview): back to the exam list and to the exam.
import Link from "next/link";

export function EditorBreadcrumb({
  examId,
  examTitle,
  current,
}: {
  examId: number;
  examTitle: string;
  current: string;
}) {
  return (
    <nav aria-label="Breadcrumb" className="mb-2 text-sm text-slate-600">
      <ol className="flex flex-wrap items-center gap-1.5">
        <li>
          <Link href="/exams" className="hover:text-slate-900 hover:underline">
            Exams
          </Link>
        </li>
        <li aria-hidden>/</li>
        <li className="max-w-[40ch] truncate">
          <Link href={`/exams/${examId}`} className="hover:text-slate-900 hover:underline">
            {examTitle}
          </Link>
        </li>
        <li aria-hidden>/</li>
        <li aria-current="page" className="text-slate-900">
          {current}
        </li>
      </ol>
    </nav>
  );
}
