// A params table of the API reference: one row per field, nested fields indented by their path.
import type { ReactNode } from "react";
import { ScrollArea } from "@/components/ui/scroll-area";
import { Badge } from "@/components/ui/badge";
import { constraintText, type FieldRow } from "@/server/docs/fields";

export function FieldTable({ rows, caption }: { rows: FieldRow[]; caption: string }) {
  return (
    <ScrollArea aria-label={caption} className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
      <table className="w-full border-collapse text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50 text-xs tracking-wide text-slate-500 uppercase">
          <tr>
            <th scope="col" className="px-3 py-2 font-medium">
              Field
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              Type
            </th>
            <th scope="col" className="w-44 px-3 py-2 font-medium">
              Rules
            </th>
            <th scope="col" className="min-w-64 px-3 py-2 font-medium">
              Description
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((row) => (
            <tr key={row.path} className="align-top">
              <td className="px-3 py-2 whitespace-nowrap">
                <FieldPath path={row.path} />
              </td>
              <td className="px-3 py-2 font-mono text-xs whitespace-nowrap text-slate-700">{row.type}</td>
              <td className="px-3 py-2">
                <Rules row={row} />
              </td>
              <td className="px-3 py-2 text-slate-700">{row.description ?? ""}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollArea>
  );
}

/** The path with its parents dimmed, so the field's own name stands out. */
function FieldPath({ path }: { path: string }) {
  const brackets = path.lastIndexOf("[]");
  const parent = path.slice(0, Math.max(path.lastIndexOf(".") + 1, brackets >= 0 ? brackets + 2 : 0));
  return (
    <code className="font-mono text-xs">
      {parent && <span className="text-slate-500">{parent}</span>}
      <span className="font-semibold text-slate-900">{path.slice(parent.length)}</span>
    </code>
  );
}

function Rules({ row }: { row: FieldRow }) {
  const items: ReactNode[] = [];
  if (row.requirement === "required")
    items.push(
      <Badge key="req" tone="amber">
        required
      </Badge>,
    );
  else if (row.requirement === "one of") {
    const others = (row.alternatives ?? []).filter((name) => !row.path.endsWith(name));
    items.push(
      <span key="req" className="text-slate-600">
        <Badge tone="amber">required</Badge> or {others.join(" or ")}
      </span>,
    );
  } else items.push(<Badge key="req">optional</Badge>);
  if (row.default !== undefined) {
    items.push(
      <span key="default" className="text-slate-600">
        default <code className="rounded bg-slate-100 px-1 font-mono text-xs">{JSON.stringify(row.default)}</code>
      </span>,
    );
  }
  for (const text of constraintText(row))
    items.push(
      <span key={text} className="text-slate-600">
        {text}
      </span>,
    );
  return <div className="flex flex-col items-start gap-1 text-xs">{items}</div>;
}
