import { NotFoundNotice } from "@/components/ui/not-found-notice";

// A case study id that does not exist, someone else's, or one of another exam than the one in the
// address: all look the same (contract 2.3).
export default function CaseStudyNotFound() {
  return (
    <NotFoundNotice
      title="Case study not found"
      text="There is no case study at this address in the workspaces you belong to. It may have been deleted or belong to another exam."
      href="/exams"
      linkLabel="Back to your exams"
    />
  );
}
