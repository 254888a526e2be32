// The frame of a data table: a bordered box that scrolls sideways on its own when the table is
// wider than the screen (a phone), so the page itself never does. Give the table a min-width
// that keeps its columns readable.
import type { ReactNode } from "react";
import { cn } from "./cn";

export function TableFrame({ children, className }: { children: ReactNode; className?: string }) {
  return <div className={cn("overflow-x-auto rounded-lg border border-slate-200 bg-white", className)}>{children}</div>;
}
