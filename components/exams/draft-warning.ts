// What the studio says before an action takes a ready exam back to draft (contract 6: any change
// to the exam, its questions or case studies does), so its public page goes offline. One table:
// each action that has this effect, as the author would name it, and the button that goes on.
// Pure, for the one guard that every such action uses (ready-exam-guard.tsx).

export type DraftAction =
  | "reorder"
  | "duplicate"
  | "deleteQuestion"
  | "newQuestion"
  | "saveQuestion"
  | "newCaseStudy"
  | "saveCaseStudy"
  | "deleteCaseStudy"
  | "saveSettings"
  | "import"
  | "restore"
  | "backToDraft"
  | "bulk";

interface Wording {
  /** The action as the subject of a sentence: "Moving a question". */
  doing: string;
  /** The button of the confirmation that goes on with it. */
  go: string;
}

const ACTIONS: Record<DraftAction, Wording> = {
  reorder: { doing: "Moving a question", go: "Move anyway" },
  duplicate: { doing: "Duplicating a question", go: "Duplicate anyway" },
  deleteQuestion: { doing: "Deleting a question", go: "Delete anyway" },
  newQuestion: { doing: "Adding a question", go: "Save anyway" },
  saveQuestion: { doing: "Saving this question", go: "Save anyway" },
  newCaseStudy: { doing: "Adding a case study", go: "Save anyway" },
  saveCaseStudy: { doing: "Saving this case study", go: "Save anyway" },
  deleteCaseStudy: { doing: "Deleting a case study", go: "Delete anyway" },
  saveSettings: { doing: "Saving these settings", go: "Save anyway" },
  import: { doing: "Importing questions", go: "Import anyway" },
  restore: { doing: "Restoring a version", go: "Restore anyway" },
  backToDraft: { doing: "Taking it back to draft", go: "Back to draft" },
  bulk: { doing: "Changing the selected questions", go: "Change anyway" },
};

/** The title of the confirmation. */
export const DRAFT_QUESTION = "Take the exam back to draft?";

/** What the action does to the ready exam, after "This exam is ready and published at /e/ID." */
export function draftConsequence(action: DraftAction): string {
  const { doing } = ACTIONS[action];
  return action === "backToDraft"
    ? `${doing} takes its public page offline until you mark it ready again.`
    : `${doing} takes it back to draft, and its public page goes offline until you mark it ready again.`;
}

/** The confirmation's button that goes on with the action. */
export function draftGoLabel(action: DraftAction): string {
  return ACTIONS[action].go;
}

/** Every action of the table (for its test). */
export const DRAFT_ACTIONS = Object.keys(ACTIONS) as DraftAction[];
