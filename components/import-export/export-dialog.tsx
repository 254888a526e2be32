"use client";
// "Export": the author chooses a format and sees first what it carries of each question
// (lossless, lossy or omitted, with the notes of exam.examExport's report), each question a link
// to its editor, then downloads the file.
import { Download } from "lucide-react";
import Link from "next/link";
import { useState } from "react";
import { callOperation } from "@/components/lib/operations";
import type { ResultOf } from "@/server/rpc/operation-types";
import type { FormatId } from "@/server/formats/types";
import { failureText } from "../issues/failure-text";
import { Badge } from "../ui/badge";
import { Button } from "../ui/button";
import { Dialog } from "../ui/dialog";
import { decodedSize, downloadBase64 } from "./file-transfer";
import { FormatChoice } from "./format-choice";

type Exported = ResultOf<"exam.examExport">;

const FIDELITY = {
  lossless: { tone: "green", text: "Lossless" },
  lossy: { tone: "amber", text: "Lossy" },
  omitted: { tone: "red", text: "Omitted" },
} as const;

export function ExportDialog({ examId, formats }: { examId: number; formats: readonly FormatId[] }) {
  const [open, setOpen] = useState(false);
  const [format, setFormat] = useState<FormatId>(formats[0] ?? "exam_json");
  const [busy, setBusy] = useState(false);
  const [exported, setExported] = useState<Exported | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function prepare() {
    setBusy(true);
    setError(null);
    const answer = await callOperation("exam.examExport", { id: examId, format });
    setBusy(false);
    if (!answer.ok) {
      setExported(null);
      setError(failureText(answer));
      return;
    }
    setExported(answer.result);
  }

  const counts = exported
    ? (["lossless", "lossy", "omitted"] as const).map(
        (f) => [f, exported.report.items.filter((i) => i.fidelity === f).length] as const,
      )
    : [];

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setExported(null);
      }}
      trigger={
        <Button>
          <Download aria-hidden className="size-4" /> Export
        </Button>
      }
      title="Export the exam"
      description="Choose a format: you see what it carries of each question before you download the file."
      className="w-[min(44rem,94vw)]"
    >
      <div className="flex flex-col gap-4">
        <FormatChoice
          name="export-format"
          available={formats}
          value={format}
          onChange={(f) => (setFormat(f), setExported(null))}
        />
        <div>
          <Button variant="primary" onClick={() => void prepare()} disabled={busy}>
            {busy ? "Preparing…" : "Prepare export"}
          </Button>
        </div>
        {error && (
          <p role="alert" className="text-sm text-red-700">
            {error}
          </p>
        )}
        {exported && (
          <section aria-label="Export report" className="flex flex-col gap-3" data-testid="export-report">
            <p className="text-sm text-slate-700" role="status">
              {exported.report.items.length === 0
                ? "The exam has no questions."
                : counts.map(([f, n]) => `${n} ${f}`).join(", ")}
            </p>
            {exported.report.notes.length > 0 && (
              <ul className="list-disc pl-5 text-sm text-amber-800" aria-label="About the exam">
                {exported.report.notes.map((n, i) => (
                  <li key={i}>{n}</li>
                ))}
              </ul>
            )}
            {exported.report.items.length > 0 && (
              <ol className="max-h-72 overflow-auto rounded-md border border-slate-200 text-sm">
                {exported.report.items.map((item, i) => (
                  <li
                    key={item.question_id}
                    className="flex flex-col gap-0.5 border-t border-slate-200 px-3 py-2 first:border-t-0"
                    data-testid="export-item"
                  >
                    <span className="flex items-center gap-2">
                      <Link
                        href={`/exams/${examId}/questions/${item.question_id}`}
                        className="font-medium text-brand-700 underline"
                      >
                        Question {i + 1}
                      </Link>
                      <Badge tone={FIDELITY[item.fidelity].tone}>{FIDELITY[item.fidelity].text}</Badge>
                    </span>
                    {item.notes.map((n, j) => (
                      <span key={j} className="text-slate-600">
                        {n}
                      </span>
                    ))}
                  </li>
                ))}
              </ol>
            )}
            <div>
              <Button
                variant="primary"
                onClick={() => downloadBase64(exported.file.base64, exported.file.name, exported.file.content_type)}
              >
                <Download aria-hidden className="size-4" /> Download {exported.file.name} (
                {decodedSize(exported.file.base64)})
              </Button>
            </div>
          </section>
        )}
      </div>
    </Dialog>
  );
}
