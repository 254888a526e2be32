// What the list's stable handlers read when they run: the latest order, positions and order
// changes, so the rows' one actions object never changes identity (memoised rows stay put).
import type { RefObject } from "react";
import type { QuestionListItem } from "./list-item";

export interface ListLatest {
  items: QuestionListItem[];
  positions: ReadonlyMap<number, number>;
  /** Shows an order at once and saves it (use-question-order.ts). */
  reorder: (next: QuestionListItem[]) => void;
  /** Shows a list without saving an order (after a delete or a duplicate). */
  replace: (next: QuestionListItem[]) => void;
}

export type ListLatestRef = RefObject<ListLatest>;
