"use client";
// "Import questions" into an exam, or "Import" a file as a new exam (the exam list): the author
// drops or chooses a file, the format is recognised (or chosen), and a dry run of
// exam.examImport (with on_invalid skip, contract 13.3 point 2) shows first what will happen:
// each item, named "Question N (“title”)", with its status (create, update, skip) and warnings,
// and an item that breaks a rule with its problems. Then "Import" stores it; when items break a
// rule, the author chooses "Import the N valid items and skip the others" or Cancel. A failed
// check or import keeps the chosen file and says what to fix, in the author's words
// (components/issues/import-text.ts). A file with no question that can be imported says so and
// why (nothing-to-import.ts), with only Close. Into a ready exam, the warning that the import
// takes it back to draft sits beside the Import button. The dry run is read in import-check.ts
// and shown by import-plan.tsx.
import { Upload } from "lucide-react";
import { useRouter } from "next/navigation";
import { useState, type DragEvent } from "react";
import { callOperation } from "@/components/lib/operations";
import { useRoleBlock } from "@/components/workspaces/role-context";
import { FORMATS, type FormatId } from "@/server/formats/types";
import { useReadyExamGuard } from "../exams/ready-exam-guard";
import { failureText } from "../issues/failure-text";
import { importIssueText } from "../issues/import-text";
import { Button } from "../ui/button";
import { Dialog } from "../ui/dialog";
import { Select } from "../ui/field";
import { ColumnStep, type ColumnsNeeded } from "./column-step";
import { readAsBase64 } from "./file-transfer";
import { ImportProgress, type ImportPhase } from "./import-progress";
import { examParam, NewExamFieldset, NO_FIELDS, type NewExamFields } from "./new-exam-fields";
import { readImportCheck, type ImportOutcome } from "./import-check";
import { ImportPlan } from "./import-plan";

/** Items listed at first; a file of thousands shows the rest on demand, so the dialog stays quick. */
const ITEMS_SHOWN = 200;

/**
 * `examId`: the exam to import into; null imports the file as a new exam (`blocked` then says why
 * the role may not). `triggerLabel` replaces the button's usual "Import" / "Import questions".
 */
export function ImportDialog({
  examId,
  formats,
  blocked: newExamBlocked = null,
  triggerLabel,
}: {
  examId: number | null;
  formats: readonly FormatId[];
  blocked?: string | null;
  triggerLabel?: string;
}) {
  const router = useRouter();
  const roleBlocked = useRoleBlock("write");
  const guard = useReadyExamGuard();
  const blocked = examId === null ? newExamBlocked : roleBlocked;
  const [fields, setFields] = useState<NewExamFields>(NO_FIELDS);
  const [open, setOpen] = useState(false);
  const [file, setFile] = useState<{ name: string; size: number; base64: string } | null>(null);
  const [format, setFormat] = useState<FormatId | "">("");
  const [onExisting, setOnExisting] = useState<"update" | "skip">("update");
  const [phase, setPhase] = useState<ImportPhase>("idle");
  const [read, setRead] = useState(0);
  const [reading, setReading] = useState(0);
  const [shown, setShown] = useState(ITEMS_SHOWN);
  const [check, setCheck] = useState<ImportOutcome | null>(null);
  const [done, setDone] = useState<string | null>(null);
  // A sheet in other columns: its header and guesses, then the mapping the author confirmed.
  const [needed, setNeeded] = useState<ColumnsNeeded | null>(null);
  const [columns, setColumns] = useState<Record<string, string> | undefined>(undefined);

  async function choose(chosen: File | undefined) {
    if (!chosen) return;
    setCheck(null);
    setDone(null);
    setPhase("reading");
    setRead(0);
    setReading(chosen.size);
    setShown(ITEMS_SHOWN);
    setNeeded(null);
    setColumns(undefined);
    const base64 = await readAsBase64(chosen, setRead);
    const picked = { name: chosen.name, size: chosen.size, base64 };
    setFile(picked);
    await dryRun(picked, format, onExisting, null);
  }

  const params = (
    f: { name: string; base64: string },
    fmt: FormatId | "",
    existing: "update" | "skip",
    dry: boolean,
    cols: Record<string, string> | undefined,
    onInvalid: "fail" | "skip" = "skip",
  ) => ({
    file: { base64: f.base64, name: f.name },
    ...(examId === null
      ? Object.keys(examParam(fields)).length > 0
        ? { exam: examParam(fields) }
        : {}
      : { exam_id: examId, on_existing: existing }),
    dry_run: dry,
    on_invalid: onInvalid,
    ...(fmt ? { format: fmt } : {}),
    ...(cols ? { columns: cols } : {}),
  });

  // `cols` null: none (a new file's first dry run must not send the last file's mapping).
  async function dryRun(
    f = file,
    fmt = format,
    existing = onExisting,
    cols: Record<string, string> | null = columns ?? null,
  ) {
    if (!f) return;
    setPhase("checking");
    const answer = await callOperation("exam.examImport", params(f, fmt, existing, true, cols ?? undefined));
    if (answer.ok && answer.result.columns_needed) setNeeded(answer.result.columns_needed);
    setCheck(answer);
    setPhase("idle");
  }

  async function store() {
    if (!file) return;
    if (examId !== null) guard.proceed();
    setPhase("importing");
    // Items are skipped only when the author saw them in the dry run and chose to skip them.
    const onInvalid = invalid.size > 0 ? "skip" : "fail";
    const answer = await callOperation("exam.examImport", params(file, format, onExisting, false, columns, onInvalid));
    setPhase("idle");
    if (!answer.ok) {
      setCheck(answer);
      return;
    }
    const { created, updated, skipped } = answer.result;
    setDone(`Imported ${file.name}: ${created} created, ${updated} updated, ${skipped} skipped.`);
    setFile(null);
    setCheck(null);
    if (examId === null && answer.result.exam.id !== null) router.push(`/exams/${answer.result.exam.id}`);
    else router.refresh();
  }

  function cancel() {
    setFile(null);
    setCheck(null);
    setOpen(false);
  }

  function onDrop(event: DragEvent) {
    event.preventDefault();
    void choose(event.dataTransfer.files[0]);
  }

  // What the dry run says, as shown (import-check.ts).
  const view = readImportCheck(check, NO_FIELDS);
  const { invalid, fieldErrors } = view;
  const busy = phase !== "idle";

  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button disabled={blocked !== null} title={blocked ?? undefined}>
          <Upload aria-hidden className="size-4" /> {triggerLabel ?? (examId === null ? "Import" : "Import questions")}
        </Button>
      }
      title={examId === null ? "Import a file as a new exam" : "Import questions into this exam"}
      description={`From a file in one of these formats: ${formats.map((f) => FORMATS[f].name).join(", ")}. You see what will happen before anything is stored.`}
      className="w-[min(48rem,94vw)]"
    >
      <div className="flex flex-col gap-4">
        <label
          onDragOver={(e) => e.preventDefault()}
          onDrop={onDrop}
          className="flex cursor-pointer flex-col items-center gap-1 rounded-lg border-2 border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-600 hover:border-brand-600"
        >
          <Upload aria-hidden className="size-5" />
          <span>
            {file
              ? `${file.name} (${Math.max(1, Math.round(file.size / 1024))} KB): drop or choose another`
              : "Drop a file here, or choose one"}
          </span>
          <input
            type="file"
            className="sr-only"
            aria-label="File to import"
            onChange={(e) => void choose(e.target.files?.[0])}
          />
        </label>
        {formats.includes("csv") && (
          <p className="text-sm text-slate-600">
            From a spreadsheet? Start from the{" "}
            <a href="/templates/questions.csv" download className="font-medium text-brand-700 underline">
              CSV template
            </a>
            : one question per row, with an example of each type a row can hold.
          </p>
        )}
        <div className="flex flex-wrap gap-4">
          <label className="flex flex-col gap-1.5 text-sm font-medium text-slate-800">
            Format
            <Select
              value={format}
              onChange={(e) => (
                setFormat(e.target.value as FormatId | ""),
                void dryRun(file, e.target.value as FormatId | "", onExisting)
              )}
              className="w-64"
            >
              <option value="">Recognise from the content</option>
              {formats.map((f) => (
                <option key={f} value={f}>
                  {FORMATS[f].name}
                </option>
              ))}
            </Select>
          </label>
          {examId !== null && (
            <label className="flex flex-col gap-1.5 text-sm font-medium text-slate-800">
              A question with the same external id
              <Select
                value={onExisting}
                onChange={(e) => (
                  setOnExisting(e.target.value as "update" | "skip"),
                  void dryRun(file, format, e.target.value as "update" | "skip")
                )}
                className="w-64"
              >
                <option value="update">is updated from the file</option>
                <option value="skip">is left as it is</option>
              </Select>
            </label>
          )}
        </div>
        {examId === null && (
          <>
            <NewExamFieldset fields={fields} onChange={setFields} errors={fieldErrors} />
            <div>
              <Button onClick={() => void dryRun()} disabled={!file || busy}>
                Check again with these settings
              </Button>
            </div>
          </>
        )}
        <ImportProgress phase={phase} read={read} bytes={phase === "reading" ? reading : (file?.size ?? 0)} />
        <p role="status" className="text-sm text-slate-600" data-testid="import-status">
          {done}
        </p>
        {check && !check.ok && (
          <div
            role="alert"
            className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
            data-testid="import-errors"
          >
            <p className="font-medium">Nothing can be imported from this file: fix these and choose it again.</p>
            {check.issues.length > 0 ? (
              <ul className="mt-1 list-disc pl-5">
                {check.issues.slice(0, 50).map((issue, i) => (
                  <li key={i}>{importIssueText(issue, formats)}</li>
                ))}
              </ul>
            ) : (
              <p className="mt-1">{failureText(check)}</p>
            )}
          </div>
        )}
        {needed && file && (
          <ColumnStep
            key={file.name}
            needed={needed}
            busy={busy}
            onCheck={(cols) => (setColumns(cols), void dryRun(file, format, onExisting, cols))}
          />
        )}
        {view.checked && (
          <ImportPlan
            check={{ ...view, checked: view.checked }}
            formats={formats}
            shown={shown}
            onShowMore={() => setShown((n) => n + 1000)}
            intoExam={examId !== null}
            busy={busy}
            onImport={() => void store()}
            onCancel={cancel}
          />
        )}
      </div>
    </Dialog>
  );
}
