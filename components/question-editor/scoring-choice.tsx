"use client";
// The Scoring choice of types 2 to 6 (contract 16.1): all or nothing or a partial-credit mode,
// the chosen mode's rule in one sentence, and a worked example on the question being edited.
// It sets the draft's `scoring`, which draftProperties sends as properties.scoring.
import { useMemo } from "react";
import { ALL_OR_NOTHING, scoringModesOf } from "@/server/schemas/question";
import { Field, Select } from "../ui/field";
import { FIELD } from "./issue-map";
import { scoringExample } from "./scoring-example";
import { SCORING_TEXT } from "./scoring-text";
import type { EditorSectionProps } from "./section-props";
import { tryQuestionOf } from "./try-question";

export function ScoringChoice({ draft, update, messages }: Omit<EditorSectionProps, "bag">) {
  const modes = scoringModesOf(draft.type);
  const example = useMemo(() => (modes.length ? scoringExample(tryQuestionOf(draft).question) : null), [draft, modes]);
  if (modes.length === 0) return null;
  const chosen = draft.scoring === "" ? ALL_OR_NOTHING : draft.scoring;
  const text = SCORING_TEXT[chosen as keyof typeof SCORING_TEXT];
  return (
    <Field
      label="Scoring"
      help={
        <>
          <span data-testid="scoring-rule">{text?.rule}</span>
          {example && (
            <>
              {" "}
              <span data-testid="scoring-example">{example}</span>
            </>
          )}
        </>
      }
      {...messages.at(FIELD.scoring)}
    >
      {(a) => (
        <Select
          {...a}
          value={chosen}
          // all_or_nothing is the rule when the field is left out: choosing it sends nothing.
          onChange={(e) => update((d) => ({ ...d, scoring: e.target.value === ALL_OR_NOTHING ? "" : e.target.value }))}
        >
          {modes.map((m) => (
            <option key={m} value={m}>
              {SCORING_TEXT[m].label}
            </option>
          ))}
          {/* A stored value the type does not take stays shown; the save says why it is refused. */}
          {!modes.some((m) => m === chosen) && <option value={chosen}>{chosen}</option>}
        </Select>
      )}
    </Field>
  );
}
