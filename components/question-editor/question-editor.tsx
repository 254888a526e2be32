"use client";
// The question editor of every type: the page's one client component, composed of the parts in
// this folder (and, for the image types 3, 4, 5, the area editor).
import { History, Loader2 } from "lucide-react";
import Link from "next/link";
import { useRef } from "react";
import { useSaveShortcut } from "../lib/use-save-shortcut";
import { ConflictNotice } from "../conflicts/conflict-notice";
import { nothingToSave } from "../conflicts/unchanged";
import { PresenceBar } from "../presence/presence-bar";
import type { Versioned } from "../conflicts/use-versioned";
import { questionTitle } from "../questions/question-title";
import { questionTypeInfo } from "../questions/question-types";
import { RichTextField } from "../rich-text/rich-text-field";
import { Button, buttonClass } from "../ui/button";
import { ChoiceAnswers } from "./choice-answers";
import { AreaEditor } from "../area-editor/area-editor";
import { InputIssuesProvider } from "../forms/input-issues";
import { TryItPanel } from "../candidate/try-it-panel";
import { hasAnswers, hasAreas } from "@/server/domain/question-types";
import { QUESTION_TYPE } from "@/server/schemas/question";
import type { QuestionDraft, StoredQuestion } from "./draft";
import { FIELD } from "./issue-map";
import { IssueSummary } from "./issue-summary";
import { ScenariosPanel } from "./scenarios-panel";
import { withTriedScenario } from "./scenario-results";
import { SettingsPanel, type SettingsOptions } from "./settings-panel";
import { SimilarQuestions } from "./similar-questions";
import { SortAnswers } from "./sort-answers";
import { TextInputAnswers } from "./text-input-answers";
import { tryQuestionOf } from "./try-question";
import { UnsavedChangesGuard } from "./unsaved-changes-guard";
import { useQuestionEditor, type SaveState } from "./use-question-editor";
import type { ValidationLimits } from "./validate";
import { useRoleBlock } from "@/components/workspaces/role-context";

export interface QuestionEditorProps {
  initial: QuestionDraft;
  /** The question's number in its exam (a new one: the number it gets when saved, as it goes last). */
  number: number;
  /** The exam's case studies and domains, and the workspace's tags, for the settings panel. */
  options: SettingsOptions;
  limits: ValidationLimits;
  /** The stored question the editor opened and its version (absent for a new question). */
  stored?: Versioned<StoredQuestion>;
}

export function QuestionEditor({ initial, number, options, limits, stored }: QuestionEditorProps) {
  const { draft, update, dirty, messages, similar, saveState, save, bag, setAreaImage, inputIssues, conflict } =
    useQuestionEditor(initial, limits, stored);
  const section = { draft, update, messages, bag };
  const roleBlocked = useRoleBlock("write");
  const saveButton = useRef<HTMLButtonElement>(null);
  useSaveShortcut(saveButton);
  return (
    <InputIssuesProvider value={inputIssues.report}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
        className="flex flex-col gap-5"
        noValidate
      >
        <div className="sticky top-0 z-20 -mx-gutter flex flex-wrap items-center gap-x-4 gap-y-2 border-b border-slate-200 bg-slate-50/95 px-gutter py-3 backdrop-blur">
          <EditorTitle draft={draft} number={number} />
          {draft.id !== null && <PresenceBar examId={draft.examId} questionId={draft.id} />}
          <div className="ml-auto flex flex-wrap items-center justify-end gap-x-3 gap-y-2">
            <SaveStatus state={saveState} dirty={dirty} errorCount={messages.errorCount + inputIssues.count} />
            {draft.id !== null && (
              <Link
                href={`/exams/${draft.examId}/history?question=${draft.id}`}
                className={buttonClass("ghost")}
                prefetch={false}
              >
                <History aria-hidden className="size-4" /> Previous versions
              </Link>
            )}
            <Button
              ref={saveButton}
              type="submit"
              variant="primary"
              disabled={saveState.kind === "saving" || roleBlocked !== null}
              title={roleBlocked ?? undefined}
            >
              {saveState.kind === "saving" && <Loader2 aria-hidden className="size-4 animate-spin" />}
              Save question
            </Button>
          </div>
        </div>

        {conflict && (
          <ConflictNotice
            conflict={conflict.conflict}
            changes={conflict.changes}
            noun="question"
            busy={saveState.kind === "saving"}
            onReload={conflict.reload}
            onOverwrite={conflict.overwrite}
          />
        )}
        <IssueSummary saveState={saveState} messages={messages} />

        <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,1fr)_17rem] xl:grid-cols-[minmax(0,1fr)_19rem]">
          <div className="flex min-w-0 flex-col gap-6">
            <RichTextField
              label="Question"
              help="What the candidate reads. Text, images and audio; no links."
              value={draft.question}
              onChange={(html) => update((d) => ({ ...d, question: html }))}
              resources={bag}
              {...messages.at(FIELD.question)}
            />
            <SimilarQuestions warnings={similar} />
            {(draft.type === QUESTION_TYPE.singleChoice || draft.type === QUESTION_TYPE.multipleChoice) && (
              <ChoiceAnswers {...section} />
            )}
            {draft.type === QUESTION_TYPE.sort && <SortAnswers {...section} />}
            {hasAnswers(draft.type) && draft.answers.length > 0 && (
              <TryItPanel {...tryQuestionOf(draft)} onSaveScenario={(r) => update((d) => withTriedScenario(d, r))} />
            )}
            {draft.type === QUESTION_TYPE.textInput && <TextInputAnswers {...section} />}
            {hasAreas(draft.type) && <AreaEditor {...section} onImageSize={setAreaImage} />}
            <ScenariosPanel draft={draft} update={update} messages={messages} />
            <RichTextField
              label="Explanation"
              help="Shown after answering, in the review. Optional; links and YouTube videos are allowed here."
              allowLinks
              value={draft.explanation}
              onChange={(html) => update((d) => ({ ...d, explanation: html }))}
              resources={bag}
              {...messages.at(FIELD.explanation)}
            />
          </div>
          <aside className="flex flex-col gap-4 lg:sticky lg:top-20">
            <SettingsPanel draft={draft} update={update} messages={messages} options={options} />
          </aside>
        </div>
        <UnsavedChangesGuard when={dirty} />
      </form>
    </InputIssuesProvider>
  );
}

function EditorTitle({ draft, number }: { draft: QuestionDraft; number: number }) {
  const { name, icon: Icon } = questionTypeInfo(draft.type);
  return (
    <h1 className="flex items-center gap-2 text-xl font-semibold">
      <Icon aria-hidden className="size-5 shrink-0 text-slate-500" />
      <span>{draft.id === null ? `New ${name.toLowerCase()} question` : questionTitle(number)}</span>
      {draft.id !== null && <span className="text-base font-normal text-slate-500">{name}</span>}
    </h1>
  );
}

function SaveStatus({ state, dirty, errorCount }: { state: SaveState; dirty: boolean; errorCount: number }) {
  let text: string | null = null;
  let tone = "text-slate-600";
  if (state.kind === "saving") text = "Saving…";
  else if (state.kind === "failed") [text, tone] = ["Not saved", "text-red-700"];
  else if (state.kind === "conflict") [text, tone] = ["Not saved: someone else saved first", "text-amber-800"];
  else if (dirty)
    text =
      errorCount > 0
        ? `Unsaved changes · ${errorCount} ${errorCount === 1 ? "problem" : "problems"}`
        : "Unsaved changes";
  else if (state.kind === "saved") [text, tone] = ["All changes saved", "text-emerald-700"];
  else if (state.kind === "unchanged") text = nothingToSave("question");
  return (
    <p role="status" className={`text-sm ${tone}`} data-testid="save-status">
      {text}
    </p>
  );
}
