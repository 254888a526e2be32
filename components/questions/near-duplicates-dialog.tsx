"use client";
// The exam page's "Near duplicates": the groups of questions whose texts are nearly the same
// (exam.questionDuplicates for this exam, contract 15.2 point 3), each question linked to its
// editor with its similarity. A question of this exam is named by its number and text start; one
// of another exam by its id and that exam's title.
import { Copy, Loader2 } from "lucide-react";
import Link from "next/link";
import { useCallback, useId, useRef, useState } from "react";
import type { ResultOf } from "@/server/rpc/operation-types";
import { similarityPercent } from "../issues/author-text";
import { failureText } from "../issues/failure-text";
import { callOperation } from "../lib/operations";
import { Button } from "../ui/button";
import { Dialog } from "../ui/dialog";
import { Select } from "../ui/field";

type Groups = ResultOf<"exam.questionDuplicates">["groups"];

/** The thresholds offered, as percents; the first is the API's default. */
const THRESHOLDS = [90, 80, 70, 60, 50];

type Found =
  | { kind: "loading" }
  | { kind: "failed"; message: string }
  | { kind: "done"; groups: Groups; examTitles: Map<number, string> };

/** The groups at `threshold` and the titles of the other exams they name. */
async function findDuplicates(examId: number, threshold: number): Promise<Found> {
  const found = await callOperation("exam.questionDuplicates", { exam_id: examId, threshold: threshold / 100 });
  if (!found.ok) return { kind: "failed", message: failureText(found) };
  const others = [...new Set(found.result.groups.flat().map((m) => m.exam_id))].filter((id) => id !== examId);
  const titles = await Promise.all(others.map((id) => callOperation("exam.examGet", { id })));
  const examTitles = new Map<number, string>();
  titles.forEach((t, i) => t.ok && examTitles.set(others[i]!, t.result.exam.title));
  return { kind: "done", groups: found.result.groups, examTitles };
}

export function NearDuplicatesDialog({
  examId,
  items,
  positions,
}: {
  examId: number;
  /** This exam's questions, for their text. */
  items: readonly { id: number; text: string }[];
  /** Each question's number in the exam. */
  positions: ReadonlyMap<number, number>;
}) {
  const [open, setOpen] = useState(false);
  const [threshold, setThreshold] = useState(THRESHOLDS[0]!);
  const [found, setFound] = useState<Found>({ kind: "loading" });
  const selectId = useId();

  // Looked for when the dialog opens and when the threshold changes, so it is always current.
  // Only the latest request's answer is shown (an earlier one may come back later).
  const latest = useRef(0);
  const load = useCallback(
    async (at: number) => {
      const request = ++latest.current;
      setFound({ kind: "loading" });
      const answer = await findDuplicates(examId, at);
      if (request === latest.current) setFound(answer);
    },
    [examId],
  );

  const texts = new Map(items.map((q) => [q.id, q.text]));
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) void load(threshold);
      }}
      trigger={
        <Button variant="ghost">
          <Copy aria-hidden className="size-4" /> Near duplicates
        </Button>
      }
      title="Near duplicates"
      description="Questions whose text is nearly the same as a question of this exam, in any exam of the workspace."
      className="w-[min(44rem,94vw)]"
    >
      <div className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <label htmlFor={selectId} className="font-medium text-slate-800">
            Similar at least
          </label>
          <Select
            id={selectId}
            value={threshold}
            onChange={(e) => {
              const at = Number(e.target.value);
              setThreshold(at);
              void load(at);
            }}
          >
            {THRESHOLDS.map((t) => (
              <option key={t} value={t}>
                {t} %
              </option>
            ))}
          </Select>
        </div>
        <div role="status" className="text-sm text-slate-700" data-testid="near-duplicates-status">
          {found.kind === "loading" && (
            <span className="flex items-center gap-1.5">
              <Loader2 aria-hidden className="size-4 animate-spin" /> Looking for near duplicates…
            </span>
          )}
          {found.kind === "done" &&
            (found.groups.length === 0
              ? `No question of this exam is ${threshold} % or more similar to another question.`
              : `${found.groups.length} ${found.groups.length === 1 ? "group" : "groups"} of nearly the same questions.`)}
        </div>
        {found.kind === "failed" && (
          <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
            {found.message}
          </p>
        )}
        {found.kind === "done" && found.groups.length > 0 && (
          <ol
            className="flex flex-col gap-3"
            aria-label="Groups of near duplicates"
            data-testid="near-duplicate-groups"
          >
            {found.groups.map((group, g) => (
              <li key={group[0]!.id} className="rounded-md border border-slate-200 p-2.5">
                <p className="sr-only">Group {g + 1}</p>
                <ul className="flex flex-col gap-1.5">
                  {group.map((m) => {
                    const here = m.exam_id === examId;
                    return (
                      <li key={m.id} className="flex flex-wrap items-baseline gap-x-2 text-sm">
                        <Link
                          href={`/exams/${m.exam_id}/questions/${m.id}`}
                          className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800"
                          prefetch={false}
                        >
                          {here
                            ? `Question ${positions.get(m.id) ?? m.id}`
                            : `Question ${m.id} in “${found.examTitles.get(m.exam_id) ?? `exam ${m.exam_id}`}”`}
                        </Link>
                        <span className="text-slate-600 tabular-nums">{similarityPercent(m.similarity)} % similar</span>
                        {here && texts.get(m.id) && (
                          <span className="w-full truncate text-slate-600">{texts.get(m.id)}</span>
                        )}
                      </li>
                    );
                  })}
                </ul>
              </li>
            ))}
          </ol>
        )}
      </div>
    </Dialog>
  );
}
