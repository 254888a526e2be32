// Question writes that can be recognised, whole, in what is stored: a tag in the question's text,
// a number of answers with text derived from it, and maybe a PNG. Used by the tests that kill a
// server mid-request, to tell a write stored whole from one stored in part.
import { mediaPath, toBase64 } from "./media-fixtures";

/** What one question write sent: enough to recognise it, whole, in what is stored. */
export interface Content {
  tag: string;
  answers: number;
  png: Uint8Array | null;
}

const questionHtml = (c: Content) =>
  `<p>${c.tag}</p>` + (c.png ? `<p><img src="picture-${c.tag.replace(/\W/g, "-")}.png" /></p>` : "");
export const answerHtml = (c: Content, i: number) => `<p>${c.tag} answer ${i}</p>`;

export function questionParams(examId: number, c: Content, id?: number) {
  const html = questionHtml(c);
  const resources = c.png ? { [`picture-${c.tag.replace(/\W/g, "-")}.png`]: toBase64(c.png) } : undefined;
  return {
    question: { ...(id === undefined ? {} : { id }), exam_id: examId, question: html, type: 1 },
    answers: Array.from({ length: c.answers }, (_, i) => ({ answer: answerHtml(c, i), is_correct: i === 0 })),
    ...(resources ? { resources } : {}),
  };
}

/** Whether a stored question (question HTML + answer rows in order) is wholly this content. */
export function storedIs(c: Content, html: string, answers: { answer: string; isCorrect: boolean }[]): boolean {
  if (!html.startsWith(`<p>${c.tag}</p>`)) return false;
  if (c.png && !html.includes(mediaPath(c.png, "png"))) return false;
  if (!c.png && html !== `<p>${c.tag}</p>`) return false;
  if (answers.length !== c.answers) return false;
  return answers.every((a, i) => a.answer === answerHtml(c, i) && a.isCorrect === (i === 0));
}
