// PLACEHOLDER until the question list lands: the exam page's "Questions" section.
import type { ExamView } from "@/server/data/exams";
import type { Author } from "@/server/web/session";

export async function QuestionsSection({ exam }: { author: Author; exam: ExamView }) {
  return <p className="text-sm text-slate-600">Questions of {exam.title}.</p>;
}
