import { NotFoundNotice } from "@/components/ui/not-found-notice";

// An id that does not exist and someone else's exam look the same (contract 2.3).
export default function ExamNotFound() {
  return <NotFoundNotice title="Exam not found" text="There is no exam of yours at this address. It may have been deleted." href="/exams" linkLabel="Back to your exams" />;
}
