// The formats the export dialog offers (contract 13.1). A format the server has no export for
// would be shown disabled; every one the contract exports to has one.
import { FORMAT_IDS, FORMATS, type FormatId } from "@/server/formats/types";

/** The export formats: every format the contract exports to (GIFT and Aiken are import only). */
export function FormatChoice({
  available,
  value,
  onChange,
  name,
}: {
  available: readonly FormatId[];
  value: FormatId;
  onChange: (format: FormatId) => void;
  name: string;
}) {
  return (
    <fieldset className="flex flex-col gap-1.5">
      <legend className="mb-1 text-sm font-medium text-slate-800">Format</legend>
      {FORMAT_IDS.filter((id) => FORMATS[id].exportable).map((id) => {
        const ready = available.includes(id);
        return (
          <label
            key={id}
            className={
              ready
                ? "flex items-center gap-2 text-sm text-slate-800"
                : "flex items-center gap-2 text-sm text-slate-400"
            }
          >
            <input
              type="radio"
              name={name}
              value={id}
              checked={value === id}
              disabled={!ready}
              onChange={() => onChange(id)}
            />
            {FORMATS[id].name}
            {!ready && <span className="text-xs">(not available yet)</span>}
          </label>
        );
      })}
    </fieldset>
  );
}
