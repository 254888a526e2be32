// The open (unresolved) review comments of each question of an exam, for the exam page's question
// list: one read for the whole list (not one per row), apart from questionList, whose result
// keeps exactly its fields (contract 3). Cached per request.
import "server-only";
import { cache } from "react";
import { getAppContext } from "../app-context";
import { openCommentCounts } from "../data/comments";
import type { Author } from "./session";

export const readOpenCommentCounts = cache(
  async (author: Author, examId: number): Promise<ReadonlyMap<number, number>> => {
    const { db } = await getAppContext();
    return openCommentCounts(db, author.id, examId);
  },
);
