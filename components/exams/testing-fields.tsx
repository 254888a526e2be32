"use client";
// testing_questions / testing_time (contract 5): what is in effect and whether it is automatic,
// the author's own values, the way back to automatic, and what a save will put in effect.
import { Calculator, RotateCcw } from "lucide-react";
import type { ExamView } from "@/server/data/exams";
import { autoTime } from "@/server/domain/testing";
import { Badge } from "../ui/badge";
import { Button } from "../ui/button";
import { NumberInput } from "../forms/number-input";
import { Field } from "../ui/field";
import type { ExamFormValues } from "./exam-form-model";
import type { TestingPreview } from "./testing-preview";

export interface TestingFieldsProps {
  exam: ExamView;
  values: ExamFormValues;
  base: ExamFormValues;
  preview: TestingPreview | null;
  update: (change: Partial<ExamFormValues>) => void;
  errors: { testing_questions?: string[]; testing_time?: string[] };
  warnings: { testing_questions?: string[]; testing_time?: string[] };
}

const minutes = (n: number) => (n === 0 ? "no time limit" : n === 1 ? "1 minute" : `${n} minutes`);
const questions = (n: number) => (n === 1 ? "1 question" : `${n} questions`);

function ModeBadge({ auto }: { auto: boolean }) {
  return <Badge tone={auto ? "blue" : "amber"}>{auto ? "Automatic" : "Set by you"}</Badge>;
}

export function TestingFields({ exam, values, base, preview, update, errors, warnings }: TestingFieldsProps) {
  const typed = values.testing_questions !== base.testing_questions || values.testing_time !== base.testing_time;
  const pending = typed || values.testing_reset || values.time_by_rate;
  const n = exam.question_count;
  const showPreview = preview !== null && (pending || values.type !== base.type);

  const questionsShown = values.testing_reset && preview ? String(preview.questions) : values.testing_questions;
  const timeShown =
    (values.testing_reset || values.time_by_rate) && preview ? String(preview.time) : values.testing_time;
  const asked = Number(values.testing_questions);
  const replaced =
    preview?.auto && !values.testing_reset && values.testing_questions !== base.testing_questions && asked > n;

  function backToAutomatic() {
    // Typed values are dropped; a stored manual setting is switched back by the save.
    update({
      testing_questions: base.testing_questions,
      testing_time: base.testing_time,
      time_by_rate: false,
      testing_reset: !exam.testing_auto,
    });
  }

  const canGoAuto = (!exam.testing_auto && !values.testing_reset) || (exam.testing_auto && pending);
  const canUseRate =
    preview !== null && !preview.auto && !values.time_by_rate && preview.time !== autoTime(preview.questions);

  return (
    <div className="flex flex-col gap-4" data-testid="testing-settings">
      <div className="flex flex-wrap items-center gap-2 text-sm" data-testid="testing-in-effect">
        <ModeBadge auto={exam.testing_auto} />
        <span className="text-slate-700">
          In effect: <strong className="font-semibold">{questions(exam.testing_questions)}</strong>,{" "}
          <strong className="font-semibold">{minutes(exam.testing_time)}</strong>
          {exam.testing_auto ? `, calculated from the exam's ${questions(n)}.` : `; the exam has ${questions(n)}.`}
        </span>
      </div>

      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label="Questions presented"
          help={`How many questions one run of the simulation draws at random. 0 means automatic. A number above the exam's ${questions(n)} is replaced by the automatic one.`}
          errors={errors.testing_questions}
          warnings={warnings.testing_questions}
        >
          {(a) => (
            <NumberInput
              {...a}
              value={questionsShown}
              onChange={(e) => update({ testing_questions: e.target.value, testing_reset: false })}
              className="w-32"
            />
          )}
        </Field>
        <Field
          label="Time limit (minutes)"
          help="Minutes for one run. 0 means no time limit, which an exam of type Exam does not allow."
          errors={errors.testing_time}
          warnings={warnings.testing_time}
        >
          {(a) => (
            <NumberInput
              {...a}
              value={timeShown}
              onChange={(e) => update({ testing_time: e.target.value, time_by_rate: false, testing_reset: false })}
              className="w-32"
            />
          )}
        </Field>
      </div>

      <p className="text-xs text-slate-500">
        Automatic handling presents 60 questions, or the exam&apos;s question count rounded down to a multiple of 5 when
        it has fewer, and allows 1.5 minutes per question; it recalculates whenever questions are added or removed.
        Setting either number yourself turns it off and keeps both as set until you go back to automatic.
      </p>

      {(canGoAuto || canUseRate) && (
        <div className="flex flex-wrap gap-2">
          {canGoAuto && (
            <Button size="sm" onClick={backToAutomatic}>
              <RotateCcw aria-hidden className="size-4" />
              Back to automatic
            </Button>
          )}
          {canUseRate && (
            <Button size="sm" onClick={() => update({ testing_time: base.testing_time, time_by_rate: true })}>
              <Calculator aria-hidden className="size-4" />
              Time from questions (1.5 min each)
            </Button>
          )}
        </div>
      )}

      {showPreview && (
        <p
          role="status"
          className="flex flex-wrap items-center gap-2 rounded-md bg-slate-50 px-3 py-2 text-sm text-slate-700"
          data-testid="testing-after-save"
        >
          After saving: <ModeBadge auto={preview.auto} />
          <span>
            {questions(preview.questions)}, {minutes(preview.time)}
            {replaced && ` (${asked} is more than the exam's ${questions(n)}, so the automatic values apply)`}.
          </span>
        </p>
      )}
    </div>
  );
}
