"use client";
// The bank's results (contract 15.2 point 5): each question with its exam and snippet, a link
// to its editor, a checkbox; "More results" reads the next page (exam.questionSearch's cursor);
// the selected questions are copied into an exam in one step (exam.questionCopy, one call).
import Link from "next/link";
import { useState } from "react";
import type { ResultOf } from "@/server/rpc/operation-types";
import { callOperation } from "../lib/operations";
import { failureText } from "../issues/failure-text";
import { plainText } from "../questions/plain-text";
import { QUESTION_TYPE_NAMES } from "@/server/schemas/question/question-type";
import { Button } from "../ui/button";
import { Dialog } from "../ui/dialog";
import { Field, Select } from "../ui/field";
import type { ExamOption } from "./bank-search-form";

type SearchResult = Pick<ResultOf<"exam.questionSearch">, "questions" | "next_cursor">;
type Hit = SearchResult["questions"][number];

const questionsText = (n: number) => (n === 1 ? "1 question" : `${n} questions`);

export function BankResults({
  params,
  first,
  hasQuery,
  targets,
  copyBlocked,
}: {
  params: Record<string, unknown>;
  first: SearchResult;
  hasQuery: boolean;
  targets: readonly ExamOption[];
  /** Why the person may not copy into this workspace's exams (a viewer), or null. */
  copyBlocked: string | null;
}) {
  const [hits, setHits] = useState<Hit[]>(first.questions);
  const [cursor, setCursor] = useState<string | null>(first.next_cursor);
  const [loading, setLoading] = useState(false);
  const [selected, setSelected] = useState<number[]>([]);
  const [copying, setCopying] = useState(false);
  const [message, setMessage] = useState<{ kind: "done" | "error"; text: string; href?: string } | null>(null);

  async function more() {
    if (!cursor) return;
    setLoading(true);
    const page = await callOperation("exam.questionSearch", { ...params, cursor });
    setLoading(false);
    if (!page.ok) {
      setMessage({ kind: "error", text: `More results could not be read. ${failureText(page)}` });
      return;
    }
    setHits((h) => [...h, ...page.result.questions]);
    setCursor(page.result.next_cursor);
  }

  const toggle = (id: number, on: boolean) => setSelected((s) => (on ? [...s, id] : s.filter((x) => x !== id)));
  const allShown = hits.length > 0 && hits.every((h) => selected.includes(h.question.id));

  return (
    <section aria-label="Results" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-600" aria-live="polite" data-testid="bank-count">
          {hits.length === 0
            ? "No questions match."
            : `${questionsText(hits.length)}${cursor ? " shown, more follow" : ""}${hasQuery ? ", best matches first" : ", by exam and position"}.`}
        </p>
        {hits.length > 0 && (
          <div className="flex flex-wrap items-center gap-2">
            <label className="flex items-center gap-2 text-sm text-slate-700">
              <input
                type="checkbox"
                className="size-4"
                checked={allShown}
                onChange={(e) => setSelected(e.target.checked ? hits.map((h) => h.question.id) : [])}
              />
              Select all shown
            </label>
            <span className="text-sm text-slate-600" data-testid="bank-selected">
              {selected.length} selected
            </span>
            <Button
              variant="primary"
              disabled={selected.length === 0 || copyBlocked !== null}
              title={copyBlocked ?? undefined}
              onClick={() => {
                setMessage(null);
                setCopying(true);
              }}
            >
              Copy to exam…
            </Button>
          </div>
        )}
      </div>
      {copyBlocked && hits.length > 0 && <p className="text-sm text-slate-600">{copyBlocked}</p>}
      {message && (
        <p
          role={message.kind === "error" ? "alert" : "status"}
          className={message.kind === "error" ? "text-sm text-red-700" : "text-sm text-emerald-800"}
          data-testid="bank-message"
        >
          {message.text}{" "}
          {message.href && (
            <Link href={message.href} className="text-brand-700 underline">
              Open the exam
            </Link>
          )}
        </p>
      )}

      <ul className="flex flex-col divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
        {hits.map((hit) => {
          const { question: q, exam } = hit;
          const title = plainText(q.question, 140) || `Question ${q.id}`;
          const checkboxId = `bank-select-${q.id}`;
          return (
            <li key={q.id} className="flex gap-3 px-3 py-3 sm:px-4" data-testid="bank-result">
              <input
                id={checkboxId}
                type="checkbox"
                className="mt-1 size-4 shrink-0"
                checked={selected.includes(q.id)}
                onChange={(e) => toggle(q.id, e.target.checked)}
                aria-label={`Select: ${title}`}
              />
              <div className="flex min-w-0 flex-col gap-1">
                <Link
                  href={`/exams/${exam.id}/questions/${q.id}`}
                  className="font-medium break-words text-brand-700 hover:underline"
                >
                  {title}
                </Link>
                {hit.snippet && hit.snippet !== title && (
                  <p className="text-sm break-words text-slate-700" data-testid="bank-snippet">
                    {hit.snippet}
                  </p>
                )}
                <p className="text-xs text-slate-600">
                  <span data-testid="bank-exam">
                    {exam.title} ({exam.code})
                  </span>
                  {" · "}
                  {QUESTION_TYPE_NAMES[q.type as keyof typeof QUESTION_TYPE_NAMES] ?? `type ${q.type}`}
                  {q.tags.length > 0 && ` · ${q.tags.join(", ")}`}
                </p>
              </div>
            </li>
          );
        })}
      </ul>
      {cursor && (
        <div>
          <Button onClick={() => void more()} disabled={loading}>
            {loading ? "Reading…" : "More results"}
          </Button>
        </div>
      )}
      {copying && (
        <CopyDialog
          ids={selected}
          targets={targets}
          onClose={() => setCopying(false)}
          onDone={(outcome) => {
            setCopying(false);
            setMessage(outcome);
            if (outcome.kind === "done") setSelected([]);
          }}
        />
      )}
    </section>
  );
}

function CopyDialog({
  ids,
  targets,
  onClose,
  onDone,
}: {
  ids: readonly number[];
  targets: readonly ExamOption[];
  onClose: () => void;
  onDone: (message: { kind: "done" | "error"; text: string; href?: string }) => void;
}) {
  const [value, setValue] = useState(targets[0] ? String(targets[0].id) : "");
  const [busy, setBusy] = useState(false);
  const target = targets.find((t) => String(t.id) === value);
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && !busy && onClose()}
      title={`Copy ${questionsText(ids.length)} into an exam`}
    >
      <form
        className="flex flex-col gap-3 text-sm text-slate-700"
        onSubmit={async (e) => {
          e.preventDefault();
          if (!target) return;
          setBusy(true);
          const copied = await callOperation("exam.questionCopy", { ids, exam_id: target.id });
          setBusy(false);
          const where = `${target.title} (${target.code})`;
          onDone(
            copied.ok
              ? {
                  kind: "done",
                  text: `Copied ${questionsText(copied.result.questions.length)} into ${where}.`,
                  href: `/exams/${target.id}`,
                }
              : { kind: "error", text: `Nothing was copied. ${failureText(copied)}` },
          );
        }}
      >
        {targets.length === 0 ? (
          <p>This workspace has no exam to copy into.</p>
        ) : (
          <Field label="Into exam">
            {(control) => (
              <Select {...control} value={value} onChange={(e) => setValue(e.target.value)}>
                {targets.map((t) => (
                  <option key={t.id} value={t.id}>
                    {t.title} ({t.code})
                  </option>
                ))}
              </Select>
            )}
          </Field>
        )}
        <p>
          The copies go last in that exam, in the order selected, into its domain of the same code; each says which
          question it was copied from. The originals do not change.
        </p>
        <div className="mt-2 flex justify-end gap-2">
          <Button onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="primary" disabled={!target || busy}>
            {busy ? "Copying…" : `Copy ${questionsText(ids.length)}`}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
