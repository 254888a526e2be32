"use client";
// The import dialog's column step (contract 13.3 point 4): a CSV or XLSX whose header is not the
// template's comes back from the dry run with its header and a guess of each column
// (`columns_needed`). The author sees each of the file's columns with the guess in a select,
// confirms or changes them, and checks again: the dry run then runs with this `columns` mapping
// and shows what the import will do. The mapping is checked with the API's own schema first.
import { useState } from "react";
import { columnLetter, CORRECT_ANSWERS, CSV_QUESTION_COLUMNS } from "@/server/formats/column-keys";
import { importColumns } from "@/server/schemas/import-export";
import { Button } from "../ui/button";
import { Select } from "../ui/field";

export interface ColumnsNeeded {
  header: string[];
  guesses: Record<string, string>;
}

const QUESTION_LABELS: Record<(typeof CSV_QUESTION_COLUMNS)[number], string> = {
  question: "Question",
  type: "Question type",
  explanation: "Explanation",
  points: "Points of the question",
  external_id: "External id",
  case_study: "Case study",
  domain: "Domain",
  tags: "Tags",
  text_similarity: "Text similarity",
  case_sensitive: "Case sensitive",
};

/** The columns an author can choose for a column of the file, in the select's order. */
function choices(answers: number): { key: string; label: string }[] {
  const numbered = Array.from({ length: answers }, (_, i) => i + 1);
  return [
    { key: "question", label: QUESTION_LABELS.question },
    ...numbered.map((n) => ({ key: `answer_${n}`, label: `Answer ${n}` })),
    { key: CORRECT_ANSWERS, label: "Correct answers (numbers or letters: 2, 1,3, B)" },
    ...CSV_QUESTION_COLUMNS.filter((c) => c !== "question").map((c) => ({ key: c, label: QUESTION_LABELS[c] })),
    ...numbered.map((n) => ({ key: `correct_${n}`, label: `Answer ${n} is correct (yes or no)` })),
    ...numbered.map((n) => ({ key: `points_${n}`, label: `Points of answer ${n}` })),
  ];
}

export function ColumnStep({
  needed,
  busy,
  onCheck,
}: {
  needed: ColumnsNeeded;
  busy: boolean;
  onCheck: (columns: Record<string, string>) => void;
}) {
  // The file's columns by name (a name twice, or none, cannot be named in a mapping).
  const named = needed.header.flatMap((name, i) =>
    name !== "" && needed.header.indexOf(name) === i ? [{ name, letter: columnLetter(i) }] : [],
  );
  const [chosen, setChosen] = useState<Record<string, string>>(() =>
    Object.fromEntries(Object.entries(needed.guesses).map(([key, name]) => [name, key])),
  );
  const options = choices(Math.min(20, Math.max(4, named.length)));
  const mapping = Object.fromEntries(
    Object.entries(chosen)
      .filter(([, key]) => key !== "")
      .map(([name, key]) => [key, name]),
  );
  const twice = Object.values(chosen).filter((key, i, all) => key !== "" && all.indexOf(key) !== i);
  const parsed = importColumns.safeParse(mapping);
  const problem =
    twice.length > 0
      ? `${options.find((o) => o.key === twice[0])?.label ?? twice[0]} is chosen for two columns; choose it for one.`
      : mapping.question === undefined
        ? "Choose the column that holds the question."
        : !parsed.success
          ? (parsed.error.issues[0]?.message ?? "These columns cannot be used.")
          : null;

  return (
    <section aria-label="The file's columns" className="flex flex-col gap-2" data-testid="import-columns">
      <p className="text-sm text-slate-700">
        This file&apos;s columns are not the template&apos;s. Say what each column holds; the guesses come from the
        column names. Columns left as &quot;Not imported&quot; are not read.
      </p>
      <div className="grid max-h-80 grid-cols-[minmax(0,1fr)_16rem] items-center gap-x-3 gap-y-1.5 overflow-auto rounded-md border border-slate-200 p-3 text-sm">
        {named.map(({ name, letter }) => (
          <label key={name} className="contents">
            <span className="min-w-0 truncate text-slate-800" title={name}>
              {letter}: {name}
            </span>
            <Select
              value={chosen[name] ?? ""}
              onChange={(e) => setChosen((c) => ({ ...c, [name]: e.target.value }))}
              aria-label={`What column ${letter}, "${name}", holds`}
            >
              <option value="">Not imported</option>
              {options.map((o) => (
                <option key={o.key} value={o.key}>
                  {o.label}
                </option>
              ))}
            </Select>
          </label>
        ))}
      </div>
      {problem && (
        <p role="alert" className="text-sm text-red-800">
          {problem}
        </p>
      )}
      <div>
        <Button variant="primary" disabled={busy || problem !== null} onClick={() => onCheck(mapping)}>
          Check the import with these columns
        </Button>
      </div>
    </section>
  );
}
