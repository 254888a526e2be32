// The tags the question editor suggests: those in use in the exam's workspace (server/data/tags.ts).
// A read of its own beside the operations (no API method lists them); cached per request.
import "server-only";
import { cache } from "react";
import { getAppContext } from "../app-context";
import { workspaceTagsOfExam } from "../data/tags";
import type { Author } from "./session";

export const readWorkspaceTags = cache(async (author: Author, examId: number): Promise<string[]> => {
  const { db } = await getAppContext();
  return workspaceTagsOfExam(db, author.id, examId);
});
