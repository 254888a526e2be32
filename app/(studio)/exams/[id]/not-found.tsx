import { NotFoundNotice } from "@/components/ui/not-found-notice";

// An id that does not exist and someone else's exam look the same (contract 2.3).
export default function ExamNotFound() {
  return (
    <NotFoundNotice
      title="Exam not found"
      text="There is no exam at this address in the workspaces you belong to. It may have been deleted, or you may no longer be a member of its workspace."
      href="/exams"
      linkLabel="Back to your exams"
    />
  );
}
