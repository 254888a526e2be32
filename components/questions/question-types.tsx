// The seven question types as the studio shows them: a name and an icon per type number.
import {
  CircleDot,
  Crosshair,
  ListChecks,
  ListOrdered,
  Move,
  SquareDashedMousePointer,
  TextCursorInput,
  type LucideIcon,
} from "lucide-react";
import { QUESTION_TYPE } from "@/server/schemas/question";

export interface QuestionTypeInfo {
  type: number;
  name: string;
  icon: LucideIcon;
  /** One line for the "New question" menu. */
  hint: string;
}

export const QUESTION_TYPES: readonly QuestionTypeInfo[] = [
  { type: QUESTION_TYPE.singleChoice, name: "Single choice", icon: CircleDot, hint: "One correct answer" },
  { type: QUESTION_TYPE.multipleChoice, name: "Multiple choice", icon: ListChecks, hint: "Several correct answers" },
  { type: QUESTION_TYPE.dragAndDrop, name: "Drag & drop", icon: Move, hint: "Drag blocks onto targets in an image" },
  {
    type: QUESTION_TYPE.pointAndShoot,
    name: "Point & shoot",
    icon: Crosshair,
    hint: "Click the right spot in an image",
  },
  { type: QUESTION_TYPE.hotArea, name: "Hot area", icon: SquareDashedMousePointer, hint: "Select areas of an image" },
  { type: QUESTION_TYPE.sort, name: "Sort", icon: ListOrdered, hint: "Put answers in the correct order" },
  {
    type: QUESTION_TYPE.textInput,
    name: "Text input",
    icon: TextCursorInput,
    hint: "Type an answer compared with accepted values",
  },
];

const BY_TYPE = new Map(QUESTION_TYPES.map((t) => [t.type, t]));

export function questionTypeInfo(type: number): QuestionTypeInfo {
  return BY_TYPE.get(type) ?? { type, name: `Type ${type}`, icon: CircleDot, hint: "" };
}

/** The type's name and icon, inline (the icon is decorative: the name is always shown). */
export function QuestionTypeLabel({ type, className }: { type: number; className?: string }) {
  const info = questionTypeInfo(type);
  const Icon = info.icon;
  return (
    <span className={className ?? "inline-flex items-center gap-1.5"}>
      <Icon aria-hidden className="size-4 shrink-0 text-slate-500" />
      <span>{info.name}</span>
    </span>
  );
}
