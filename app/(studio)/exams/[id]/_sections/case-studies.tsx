// PLACEHOLDER until the case studies land: the exam page's "Case studies" section.
import type { ExamView } from "@/server/data/exams";
import type { Author } from "@/server/web/session";

export async function CaseStudiesSection({ exam }: { author: Author; exam: ExamView }) {
  return <p className="text-sm text-slate-600">Case studies of {exam.title}.</p>;
}
