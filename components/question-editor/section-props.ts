// What every part of the question editor receives: the draft, the one way to change it, the
// messages placed at fields, and the bag that keeps inserted files until the save.
import type { ResourceBag } from "../rich-text/resource-bag";
import type { QuestionDraft } from "./draft";
import type { FieldMessagesMap } from "./issue-map";

export interface EditorSectionProps {
  draft: QuestionDraft;
  update: (change: (d: QuestionDraft) => QuestionDraft) => void;
  messages: FieldMessagesMap;
  bag: ResourceBag;
}
