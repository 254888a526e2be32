"use client";
// The exam's settings: every field of the contract (section 4) with what it does, checked while
// editing by the API's schema and auto-handling rules, saved through exam.examUpdate.
import { useRef, type FormEvent } from "react";
import type { ExamWithDomains } from "@/server/data/domains";
import { EXAM_TYPE } from "@/server/schemas/exam";
import { useSaveShortcut } from "../lib/use-save-shortcut";
import { ConflictNotice } from "../conflicts/conflict-notice";
import { nothingToSave } from "../conflicts/unchanged";
import { Button } from "../ui/button";
import { NumberInput } from "../forms/number-input";
import { Field, FieldMessageList, Input } from "../ui/field";
import { BlueprintFields } from "./blueprint-fields";
import { CheckboxField } from "./checkbox-field";
import { DescriptionField } from "./description-field";
import { ChoiceCards } from "./choice-cards";
import { isPassFail } from "@/server/domain/evaluation";
import { EVALUATION_OPTIONS, EXAM_TYPE_OPTIONS, type EvaluationMethod, type ExamType } from "./exam-labels";
import { SettingsSection } from "./settings-section";
import { TestingFields } from "./testing-fields";
import { useExamSettings } from "./use-exam-settings";
import { useUnsavedChangesGuard } from "./use-unsaved-changes-guard";
import { useRoleBlock } from "@/components/workspaces/role-context";

export function ExamSettingsForm({ exam, version }: { exam: ExamWithDomains; version: number }) {
  const form = useExamSettings(exam, version);
  const { values, update, messages } = form;
  const { errors, warnings } = messages;
  const formRef = useRef<HTMLFormElement>(null);
  const saveButton = useRef<HTMLButtonElement>(null);
  useSaveShortcut(saveButton);
  useUnsavedChangesGuard(form.dirty);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const saved = await form.save();
    // Take the author to the first problem (the browser's check, or the API's answer).
    if (!saved)
      requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
  }

  const passFail = isPassFail(values.evaluation_method);
  const blocked = form.check.errors.length > 0;
  const roleBlocked = useRoleBlock("write");

  return (
    <form ref={formRef} onSubmit={submit} noValidate aria-label="Exam settings" className="flex flex-col">
      {form.conflict && (
        <div className="mb-4">
          <ConflictNotice
            conflict={form.conflict.conflict}
            changes={form.conflict.changes}
            noun="exam"
            busy={form.saving}
            onReload={form.conflict.reload}
            onOverwrite={form.conflict.overwrite}
          />
        </div>
      )}

      <div className="rounded-lg border border-slate-200 bg-white px-4 py-5 sm:px-6 sm:py-6">
        <SettingsSection
          title="General"
          description="How the exam is named and listed, and what kind of assessment it is."
        >
          <Field label="Title" help="Up to 200 characters." errors={errors.title} warnings={warnings.title}>
            {(a) => <Input {...a} value={values.title} onChange={(e) => update({ title: e.target.value })} />}
          </Field>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              label="Code"
              help="The exam's code, e.g. AZ-900. Up to 50 characters."
              errors={errors.code}
              warnings={warnings.code}
            >
              {(a) => <Input {...a} value={values.code} onChange={(e) => update({ code: e.target.value })} />}
            </Field>
            <Field
              label="Category"
              help="A subject area or vendor. Up to 100 characters."
              errors={errors.category}
              warnings={warnings.category}
            >
              {(a) => <Input {...a} value={values.category} onChange={(e) => update({ category: e.target.value })} />}
            </Field>
          </div>
          <ChoiceCards
            legend="Type"
            name="type"
            columns={3}
            value={values.type as ExamType}
            options={EXAM_TYPE_OPTIONS}
            onChange={(type) => update({ type })}
            errors={errors.type}
            warnings={warnings.type}
          />
          <CheckboxField
            label="Check Answer button"
            help={
              values.type === EXAM_TYPE.quiz
                ? "Candidates can check the answer they selected while taking the quiz."
                : "Candidates could check their selected answer during the run, but only a quiz uses this; for this type it is kept and has no effect."
            }
            checked={values.check_answer}
            onChange={(check_answer) => update({ check_answer })}
            errors={errors.check_answer}
            warnings={warnings.check_answer}
          />
        </SettingsSection>

        <SettingsSection title="Scoring" description="How a run is scored, and what it takes to pass.">
          <ChoiceCards
            legend="Evaluation method"
            name="evaluation_method"
            value={values.evaluation_method as EvaluationMethod}
            options={EVALUATION_OPTIONS}
            onChange={(evaluation_method) => update({ evaluation_method })}
            help="Percent correct counts fully correct questions and ignores points; points gained uses question and answer points."
            errors={errors.evaluation_method}
            warnings={warnings.evaluation_method}
          />
          <Field
            label="Passing score (%)"
            help={
              passFail
                ? "The percentage a candidate needs to pass, 0 to 100: of the presented questions answered fully correctly (percent correct), or of the maximum points (points gained)."
                : "Not used: a score-only method shows the score without pass or fail."
            }
            errors={errors.passing_score}
            warnings={warnings.passing_score}
          >
            {(a) => (
              <NumberInput
                {...a}
                value={values.passing_score}
                disabled={!passFail}
                onChange={(e) => update({ passing_score: e.target.value })}
                className="w-32"
              />
            )}
          </Field>
        </SettingsSection>

        <SettingsSection
          title="Simulation"
          description="What one run of the exam simulation presents, for how long, and in which order."
        >
          <TestingFields
            exam={form.stored}
            values={values}
            base={form.base}
            preview={form.check.testing}
            update={update}
            errors={errors}
            warnings={warnings}
          />
          <CheckboxField
            label="Shuffle questions"
            help="Each run presents the questions in a new random order."
            checked={values.shuffle_questsion}
            onChange={(shuffle_questsion) => update({ shuffle_questsion })}
            errors={errors.shuffle_questsion}
            warnings={warnings.shuffle_questsion}
          />
          <CheckboxField
            label="Shuffle answers"
            help="The answer options of each question appear in a new random order."
            checked={values.shuffle_answers}
            onChange={(shuffle_answers) => update({ shuffle_answers })}
            errors={errors.shuffle_answers}
            warnings={warnings.shuffle_answers}
          />
        </SettingsSection>

        <SettingsSection
          title="Blueprint"
          description="The exam's domains, as the certification's blueprint lists them, and the share of each in a run. Questions are given a domain in their editor."
        >
          <BlueprintFields
            domains={values.domains}
            onChange={(domains) => update({ domains })}
            errors={messages.blueprint.errors}
            warnings={messages.blueprint.warnings}
          />
        </SettingsSection>

        <SettingsSection
          title="Before the exam starts"
          description="The pages a candidate sees before the first question."
        >
          <CheckboxField
            label="Show the standard introduction"
            help="The standard “Before You Begin” page: how the exam works, the number of questions and the time limit."
            checked={values.show_standard_introduction}
            onChange={(show_standard_introduction) => update({ show_standard_introduction })}
            errors={errors.show_standard_introduction}
            warnings={warnings.show_standard_introduction}
          />
          <CheckboxField
            label="Show the description page"
            help="A page with the description below. It stays off while the description is empty."
            checked={values.show_description_page}
            onChange={(show_description_page) => update({ show_description_page })}
            errors={errors.show_description_page}
            warnings={warnings.show_description_page}
          />
          <DescriptionField
            help="Shown on the description page and the exam's public page. Links and YouTube videos are allowed; its first image is the picture shown when the exam is shared on social media."
            value={values.description}
            onChange={(description) => update({ description })}
            resources={form.resources}
            errors={errors.description}
            warnings={warnings.description}
          />
        </SettingsSection>
      </div>

      {/* On a phone the save state takes its own line above the buttons. */}
      <div className="sticky bottom-3 z-10 mt-4 flex flex-wrap items-center justify-end gap-x-3 gap-y-2 rounded-lg border border-slate-200 bg-white/95 px-4 py-3 shadow-sm backdrop-blur">
        <div className="min-w-0 basis-full text-sm sm:flex-1 sm:basis-0" aria-live="polite">
          {form.saving ? (
            <span className="text-slate-600">Saving…</span>
          ) : form.dirty ? (
            <span className="font-medium text-amber-700">
              {blocked ? "Unsaved changes — fix the errors marked above to save." : "Unsaved changes"}
            </span>
          ) : form.lastSave?.unchanged ? (
            <span className="text-slate-600">{nothingToSave("exam")}</span>
          ) : form.lastSave?.ok ? (
            <span className="text-emerald-700">All changes saved.</span>
          ) : (
            <span className="text-slate-500">No unsaved changes.</span>
          )}
          <FieldMessageList errors={messages.other} warnings={messages.otherWarnings} />
        </div>
        <Button onClick={form.discard} disabled={!form.dirty || form.saving}>
          Discard changes
        </Button>
        <Button
          ref={saveButton}
          type="submit"
          variant="primary"
          disabled={!form.dirty || form.saving || blocked || roleBlocked !== null}
          title={roleBlocked ?? undefined}
        >
          Save settings
        </Button>
      </div>
    </form>
  );
}
