// The frame of a data table: a bordered box that scrolls sideways on its own when the table is
// wider than the screen (a phone), so the page itself never does. Give the table a min-width
// that keeps its columns readable.
import type { ReactNode } from "react";
import { cn } from "./cn";

export function TableFrame({ children, className }: { children: ReactNode; className?: string }) {
  return <div className={cn("overflow-x-auto rounded-lg border border-slate-200 bg-white", className)}>{children}</div>;
}

/**
 * A data table in its frame: the column headings (an empty heading is the actions column, named
 * "Actions" for screen readers) and the rows given as children. `minWidth` is a Tailwind class
 * such as "min-w-[40rem]".
 */
export function DataTable({
  columns,
  minWidth,
  className,
  children,
}: {
  columns: readonly string[];
  minWidth: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <TableFrame className={className}>
      <table className={cn("w-full text-sm", minWidth)}>
        <thead className="bg-slate-50 text-left text-slate-600">
          <tr>
            {columns.map((c, i) =>
              c ? (
                <th key={i} className="px-3 py-2 font-medium">
                  {c}
                </th>
              ) : (
                <th key={i} className="px-3 py-2" aria-label="Actions" />
              ),
            )}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </TableFrame>
  );
}
