"use client";
// The fields every question type has besides its text: points (and, types 2 to 6, how partial
// responses score), external id, case study, and the question's domain in the exam's blueprint
// and its tags (contract 15.1 point 3).
import { NumberInput } from "../forms/number-input";
import { Field, Input, Select } from "../ui/field";
import { FIELD } from "./issue-map";
import { ScoringChoice } from "./scoring-choice";
import type { EditorSectionProps } from "./section-props";
import { TagInput } from "./tag-input";

export interface CaseStudyOption {
  id: number;
  name: string;
}

/** A domain of the exam's blueprint, as the domain select offers it. */
export interface DomainOption {
  id: number;
  code: string;
  name: string;
}

/** What the panel offers besides the question: the exam's case studies and domains, the workspace's tags. */
export interface SettingsOptions {
  caseStudies: CaseStudyOption[];
  domains: DomainOption[];
  tagSuggestions: string[];
}

export function SettingsPanel({
  draft,
  update,
  messages,
  options,
}: Omit<EditorSectionProps, "bag"> & { options: SettingsOptions }) {
  const { caseStudies, domains, tagSuggestions } = options;
  return (
    <section
      aria-labelledby="question-settings-heading"
      className="flex flex-col gap-4 rounded-lg border border-slate-200 bg-white p-4"
    >
      <h2 id="question-settings-heading" className="text-base font-semibold">
        Settings
      </h2>
      <Field
        label="Points"
        help="Awarded when the question is answered fully correctly (whole number ≥ 0, default 1). Counts only for the “points gained” evaluation methods."
        {...messages.at(FIELD.points)}
      >
        {(a) => (
          <NumberInput
            {...a}
            value={draft.points}
            onChange={(e) => update((d) => ({ ...d, points: e.target.value }))}
            className="w-28"
          />
        )}
      </Field>
      <ScoringChoice draft={draft} update={update} messages={messages} />
      <Field
        label="External id"
        help="The question's id in another system, for matching and sync through the API. Optional; unique within the exam."
        {...messages.at(FIELD.externalId)}
      >
        {(a) => (
          <Input
            {...a}
            value={draft.externalId}
            maxLength={255}
            onChange={(e) => update((d) => ({ ...d, externalId: e.target.value }))}
          />
        )}
      </Field>
      <Field
        label="Case study"
        help={
          caseStudies.length === 0
            ? "This exam has no case studies yet; add them on the exam page."
            : "Shown beside the question to candidates."
        }
        {...messages.at(FIELD.caseStudy)}
      >
        {(a) => (
          <Select
            {...a}
            value={draft.caseStudyId}
            onChange={(e) => update((d) => ({ ...d, caseStudyId: e.target.value }))}
          >
            <option value="">None</option>
            {caseStudies.map((cs) => (
              <option key={cs.id} value={String(cs.id)}>
                {cs.name}
              </option>
            ))}
            {/* A stored case study missing from the list (e.g. deleted meanwhile) stays selectable. */}
            {draft.caseStudyId !== "" && !caseStudies.some((cs) => String(cs.id) === draft.caseStudyId) && (
              <option value={draft.caseStudyId}>Case study #{draft.caseStudyId}</option>
            )}
          </Select>
        )}
      </Field>
      <Field
        label="Domain"
        help={
          domains.length === 0
            ? "This exam has no blueprint yet; add its domains in the exam's settings."
            : "The domain of the exam's blueprint this question tests."
        }
        {...messages.at(FIELD.domain)}
      >
        {(a) => (
          <Select {...a} value={draft.domainId} onChange={(e) => update((d) => ({ ...d, domainId: e.target.value }))}>
            <option value="">No domain</option>
            {domains.map((d) => (
              <option key={d.id} value={String(d.id)}>
                {d.code} {d.name}
              </option>
            ))}
            {/* A stored domain missing from the list (removed meanwhile) stays selectable; the save says why it is refused. */}
            {draft.domainId !== "" && !domains.some((d) => String(d.id) === draft.domainId) && (
              <option value={draft.domainId}>Domain #{draft.domainId}</option>
            )}
          </Select>
        )}
      </Field>
      <TagInput
        tags={draft.tags}
        onChange={(tags) => update((d) => ({ ...d, tags }))}
        suggestions={tagSuggestions}
        {...messages.at(FIELD.tags)}
      />
    </section>
  );
}
