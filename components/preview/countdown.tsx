"use client";
// The time left, shown while the attempt runs; it turns red in the last five minutes.
import { Timer } from "lucide-react";
import { formatClock } from "@/server/domain/simulation";
import { cn } from "../ui/cn";

export function Countdown({ seconds }: { seconds: number | null }) {
  if (seconds === null) return <span className="text-sm text-slate-500">No time limit</span>;
  return (
    <span
      role="timer"
      aria-label={`Time left: ${formatClock(seconds)}`}
      className={cn(
        "inline-flex items-center gap-1.5 rounded-md px-2 py-1 font-mono text-sm tabular-nums",
        seconds <= 300 ? "bg-red-50 text-red-800" : "bg-slate-100 text-slate-800",
      )}
      data-testid="countdown"
    >
      <Timer aria-hidden className="size-4" />
      {formatClock(seconds)}
    </span>
  );
}
