// The error codes of the API (contract 1.6), from server/errors.ts's list.
import { ScrollArea } from "@/components/ui/scroll-area";
import { errorCodeRows } from "@/server/docs/error-codes";

export function ErrorCodeTable() {
  return (
    <ScrollArea aria-label="Error codes" className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
      <table className="w-full border-collapse text-left text-sm">
        <caption className="sr-only">Error codes</caption>
        <thead className="bg-slate-50 text-xs tracking-wide text-slate-500 uppercase">
          <tr>
            <th scope="col" className="px-3 py-2 font-medium">
              Code
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              When
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {errorCodeRows().map((row) => (
            <tr key={row.code} className="align-top">
              <td className="px-3 py-2 font-mono text-xs whitespace-nowrap">{row.code}</td>
              <td className="px-3 py-2 text-slate-700">{row.meaning}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollArea>
  );
}
