import { Badge } from "../ui/badge";
import type { ExamStatus } from "./exam-labels";

export function StatusBadge({ status, className }: { status: string; className?: string }) {
  const ready = (status as ExamStatus) === "ready";
  return (
    <Badge tone={ready ? "green" : "neutral"} className={className} data-testid="status-badge">
      {ready ? "Ready" : "Draft"}
    </Badge>
  );
}
