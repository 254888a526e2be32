// The numbers authors know an exam's questions by ("Question 8"), for every page that titles a
// question: editor, breadcrumb, history, case study. Only ids, in position order, so a page that
// titles one question does not read the exam's whole content. Cached per request.
import "server-only";
import { cache } from "react";
import { getAppContext } from "../app-context";
import { questionNumbers } from "../data/questions";
import { readerOf } from "../data/access";
import { webActor, type Author } from "./session";

export const readQuestionNumbers = cache(
  async (author: Author, examId: number): Promise<ReadonlyMap<number, number>> => {
    const { db } = await getAppContext();
    return questionNumbers(db, readerOf(webActor(author)), examId);
  },
);
