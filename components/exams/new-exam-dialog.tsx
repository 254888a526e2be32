"use client";
// "New exam": the fields examCreate requires (plus the passing score for pass/fail methods),
// checked in the browser by the API's own schema, then created and opened.
import { Plus } from "lucide-react";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { callOperation } from "@/components/lib/operations";
import { EXAM_TYPE, examCreateInput } from "@/server/schemas/exam";
import { parseWith } from "@/server/schemas/zod-issues";
import { Button } from "../ui/button";
import { Dialog } from "../ui/dialog";
import { Field, FieldMessageList, Input, Select } from "../ui/field";
import { isPassFail } from "@/server/domain/evaluation";
import { EVALUATION_OPTIONS, EXAM_TYPE_OPTIONS } from "./exam-labels";
import { placeIssues, type PlacedIssues } from "./issues";
import { NumberInput } from "../forms/number-input";
import { NUMBER_RULES, readNumber } from "../forms/number-text";

const FIELDS = ["title", "code", "category", "type", "evaluation_method", "passing_score"] as const;
const NO_ISSUES: PlacedIssues = { byField: {}, other: [] };

interface Draft {
  title: string;
  code: string;
  category: string;
  type: number;
  evaluation_method: number;
  passing_score: string;
}

const EMPTY: Draft = {
  title: "",
  code: "",
  category: "",
  type: EXAM_TYPE.test,
  evaluation_method: 1,
  passing_score: "70",
};

/** `blocked`: why the person's role in the current workspace does not let them create an exam. */
export function NewExamDialog({
  triggerLabel = "New exam",
  blocked = null,
}: {
  triggerLabel?: string;
  blocked?: string | null;
}) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [issues, setIssues] = useState<PlacedIssues>(NO_ISSUES);
  const [busy, setBusy] = useState(false);

  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const passFail = isPassFail(draft.evaluation_method);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const exam = {
      title: draft.title,
      code: draft.code,
      category: draft.category,
      type: draft.type,
      evaluation_method: draft.evaluation_method,
    };
    const score = passFail ? readNumber(draft.passing_score, NUMBER_RULES.passingScore, "exam.passing_score") : null;
    const checked = parseWith(examCreateInput, score?.ok ? { ...exam, passing_score: score.value } : exam, "exam");
    if (!checked.ok || (score && !score.ok)) {
      setIssues(
        placeIssues([...(score && !score.ok ? [score.issue] : []), ...(checked.ok ? [] : checked.issues)], FIELDS),
      );
      return;
    }
    setBusy(true);
    const answer = await callOperation("exam.examCreate", { exam: checked.data });
    if (!answer.ok) {
      setBusy(false);
      const placed = placeIssues(answer.issues, FIELDS);
      setIssues(answer.issues.length ? placed : { byField: {}, other: [answer.message] });
      return;
    }
    router.push(`/exams/${answer.result.exam.id}`);
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) {
          setDraft(EMPTY);
          setIssues(NO_ISSUES);
          setBusy(false);
        }
      }}
      title="New exam"
      description="You can change every setting later on the exam's page."
      trigger={
        <Button variant="primary" disabled={blocked !== null} title={blocked ?? undefined}>
          <Plus aria-hidden className="size-4" />
          {triggerLabel}
        </Button>
      }
    >
      <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
        <Field label="Title" help="Up to 200 characters." errors={issues.byField.title}>
          {(a) => <Input {...a} value={draft.title} onChange={(e) => set("title", e.target.value)} autoFocus />}
        </Field>
        <div className="grid grid-cols-2 gap-3">
          <Field label="Code" help="Up to 50 characters, e.g. AZ-900." errors={issues.byField.code}>
            {(a) => <Input {...a} value={draft.code} onChange={(e) => set("code", e.target.value)} />}
          </Field>
          <Field label="Category" help="Subject or vendor, up to 100 characters." errors={issues.byField.category}>
            {(a) => <Input {...a} value={draft.category} onChange={(e) => set("category", e.target.value)} />}
          </Field>
        </div>
        <Field
          label="Type"
          help={EXAM_TYPE_OPTIONS.find((o) => o.value === draft.type)?.help}
          errors={issues.byField.type}
        >
          {(a) => (
            <Select {...a} value={draft.type} onChange={(e) => set("type", Number(e.target.value))}>
              {EXAM_TYPE_OPTIONS.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field
          label="Evaluation method"
          help={EVALUATION_OPTIONS.find((o) => o.value === draft.evaluation_method)?.help}
          errors={issues.byField.evaluation_method}
        >
          {(a) => (
            <Select
              {...a}
              value={draft.evaluation_method}
              onChange={(e) => set("evaluation_method", Number(e.target.value))}
            >
              {EVALUATION_OPTIONS.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </Select>
          )}
        </Field>
        {passFail && (
          <Field
            label="Passing score (%)"
            help="The percentage a candidate needs to pass, 0 to 100."
            errors={issues.byField.passing_score}
          >
            {(a) => (
              <NumberInput
                {...a}
                className="w-32"
                value={draft.passing_score}
                onChange={(e) => set("passing_score", e.target.value)}
              />
            )}
          </Field>
        )}
        <FieldMessageList errors={issues.other} />
        <div className="flex justify-end gap-2">
          <Button onClick={() => setOpen(false)}>Cancel</Button>
          <Button type="submit" variant="primary" disabled={busy}>
            {busy ? "Creating…" : "Create exam"}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
