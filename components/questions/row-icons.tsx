// The question list's icons drawn once, in a hidden sprite, and referenced by every row through
// <use>: two DOM nodes per icon instead of a whole SVG, which matters at 1,000 rows × 7 icons.
import {
  ArrowDown,
  ArrowUp,
  BookOpenText,
  Copy,
  GripVertical,
  MessageSquare,
  Trash2,
  TriangleAlert,
  type LucideIcon,
} from "lucide-react";
import { QUESTION_TYPES } from "./question-types";

const ICONS: Record<string, LucideIcon> = {
  grip: GripVertical,
  up: ArrowUp,
  down: ArrowDown,
  copy: Copy,
  trash: Trash2,
  "case-study": BookOpenText,
  warning: TriangleAlert,
  comment: MessageSquare,
  ...Object.fromEntries(QUESTION_TYPES.map((t) => [`type-${t.type}`, t.icon])),
};

export type RowIconName =
  "grip" | "up" | "down" | "copy" | "trash" | "case-study" | "warning" | "comment" | `type-${number}`;

/** Render once, before the rows. */
export function RowIconSprite() {
  return (
    <svg aria-hidden width="0" height="0" className="absolute">
      {Object.entries(ICONS).map(([name, Icon]) => (
        <symbol key={name} id={`question-icon-${name}`} viewBox="0 0 24 24">
          <Icon width={24} height={24} />
        </symbol>
      ))}
    </svg>
  );
}

export function RowIcon({ name, className }: { name: RowIconName; className?: string }) {
  return (
    <svg aria-hidden viewBox="0 0 24 24" className={className}>
      <use href={`#question-icon-${name}`} />
    </svg>
  );
}
