"use client";
// The Scenarios panel (contract 16.3 point 4): the question's scenarios, each with a pass or fail
// mark for the draft as it is now (scenario-results.ts, the server's own scoring), its name and
// expected points editable, and a way to delete it. Scenarios are added with "Save as scenario"
// in Try it; they are stored with the question when it is saved.
import { CheckCircle2, CircleHelp, Trash2, XCircle } from "lucide-react";
import { useId, useMemo } from "react";
import { NumberInput } from "../forms/number-input";
import { Button } from "../ui/button";
import { cn } from "../ui/cn";
import { FieldMessageList, Input } from "../ui/field";
import type { ScenarioDraft } from "./draft";
import { scenarioResults, withScenario, type ScenarioResult } from "./scenario-results";
import type { EditorSectionProps } from "./section-props";

const pointsText = (n: number) => `${n} ${Math.abs(n) === 1 ? "point" : "points"}`;

export function ScenariosPanel({ draft, update, messages }: Omit<EditorSectionProps, "bag">) {
  const headingId = useId();
  const results = useMemo(() => scenarioResults(draft), [draft]);
  const failing = results.filter((r) => r.passed === false).length;
  const change = (key: string, f: (s: ScenarioDraft) => ScenarioDraft | null) => update((d) => withScenario(d, key, f));
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4"
      data-testid="scenarios"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={headingId} className="text-base font-semibold">
          Scenarios
        </h2>
        {draft.scenarios.length > 0 && (
          <p role="status" className={cn("text-sm", failing > 0 ? "text-red-800" : "text-emerald-800")}>
            {failing > 0 ? `${failing} of ${draft.scenarios.length} failing` : "All passing"}
          </p>
        )}
      </div>
      <p className="text-xs text-slate-600">
        Responses and the points each must earn, checked against the question as it is now, even before saving. Add one
        with “Save as scenario” in Try it.
      </p>
      {draft.scenarios.length === 0 ? (
        <p className="text-sm text-slate-600">No scenarios yet.</p>
      ) : (
        <ul className="flex flex-col divide-y divide-slate-100">
          {draft.scenarios.map((s, i) => (
            <ScenarioRow
              key={s.key}
              scenario={s}
              result={results[i]!}
              index={i}
              nameMessages={messages.at(`question.scenarios[${i}].name`)}
              pointsMessages={messages.at(`question.scenarios[${i}].expected_points`)}
              onChange={(f) => change(s.key, f)}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

interface RowProps {
  scenario: ScenarioDraft;
  result: ScenarioResult;
  index: number;
  nameMessages: { errors: string[]; warnings: string[] };
  pointsMessages: { errors: string[]; warnings: string[] };
  onChange: (f: (s: ScenarioDraft) => ScenarioDraft | null) => void;
}

function ScenarioRow({ scenario, result, index, nameMessages, pointsMessages, onChange }: RowProps) {
  const id = useId();
  const label = scenario.name.trim() || `scenario ${index + 1}`;
  return (
    <li className="flex flex-col gap-2 py-3" data-testid="scenario">
      <div className="flex flex-wrap items-end gap-3">
        <div className="flex min-w-40 flex-1 flex-col gap-1">
          <label htmlFor={`${id}-name`} className="text-sm font-medium text-slate-800">
            Name
          </label>
          <Input
            id={`${id}-name`}
            value={scenario.name}
            maxLength={100}
            onChange={(e) => onChange((s) => ({ ...s, name: e.target.value }))}
            aria-invalid={nameMessages.errors.length > 0 || undefined}
          />
          <FieldMessageList {...nameMessages} />
        </div>
        <div className="flex w-32 flex-col gap-1">
          <label htmlFor={`${id}-points`} className="text-sm font-medium text-slate-800">
            <span aria-hidden>Expected points</span>
            <span className="sr-only">Expected points for {label}</span>
          </label>
          <NumberInput
            id={`${id}-points`}
            inputMode="decimal"
            value={scenario.expectedPoints}
            onChange={(e) => onChange((s) => ({ ...s, expectedPoints: e.target.value }))}
            aria-invalid={pointsMessages.errors.length > 0 || result.passed === null || undefined}
          />
          <FieldMessageList {...pointsMessages} />
        </div>
        <Mark result={result} />
        <Button
          size="sm"
          variant="ghost"
          aria-label={`Delete ${label}`}
          title="Delete this scenario"
          onClick={() => onChange(() => null)}
        >
          <Trash2 aria-hidden className="size-4" />
        </Button>
      </div>
      <p className="text-xs text-slate-700" data-testid="scenario-why">
        {result.passed === false && result.points !== null && `Earns ${pointsText(result.points)}. `}
        {result.passed === null ? "Expected points must be a number. " : ""}
        {result.why}
      </p>
    </li>
  );
}

function Mark({ result }: { result: ScenarioResult }) {
  if (result.passed === null)
    return (
      <span className="flex items-center gap-1 pb-2 text-sm text-slate-600" data-testid="scenario-mark">
        <CircleHelp aria-hidden className="size-4" /> Not checked
      </span>
    );
  return (
    <span
      className={cn(
        "flex items-center gap-1 pb-2 text-sm font-medium",
        result.passed ? "text-emerald-800" : "text-red-800",
      )}
      data-testid="scenario-mark"
    >
      {result.passed ? <CheckCircle2 aria-hidden className="size-4" /> : <XCircle aria-hidden className="size-4" />}
      {result.passed ? "Passed" : "Failed"}
    </span>
  );
}
