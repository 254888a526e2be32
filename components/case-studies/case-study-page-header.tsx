// The top of the case study pages: where the author is (exam → case study) and a way back.
import { ChevronRight } from "lucide-react";
import Link from "next/link";

export function CaseStudyPageHeader({
  examId,
  examTitle,
  title,
}: {
  examId: number;
  examTitle: string;
  title: string;
}) {
  return (
    <div className="flex flex-col gap-1">
      <nav aria-label="Breadcrumb">
        <ol className="flex flex-wrap items-center gap-1 text-sm text-slate-600">
          <li>
            <Link href="/exams" className="hover:text-slate-900 hover:underline">
              Exams
            </Link>
          </li>
          <li aria-hidden>
            <ChevronRight className="size-3.5" />
          </li>
          <li className="max-w-md truncate">
            <Link href={`/exams/${examId}`} className="hover:text-slate-900 hover:underline">
              {examTitle}
            </Link>
          </li>
          <li aria-hidden>
            <ChevronRight className="size-3.5" />
          </li>
          <li>
            <Link href={`/exams/${examId}?tab=case-studies`} className="hover:text-slate-900 hover:underline">
              Case studies
            </Link>
          </li>
        </ol>
      </nav>
      <h1 className="text-2xl font-semibold">{title}</h1>
    </div>
  );
}
