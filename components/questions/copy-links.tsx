// Where a question was copied from and where its copies are (contract 15.2 point 2), shown above
// the question editor: "Copied from Question 7 of NET-1" linking to the original (or saying that
// it was deleted or is out of reach), and the copies an original has, each a link.
import Link from "next/link";
import type { QuestionCopies, QuestionPlace } from "@/server/web/question-copies";
import { questionTitle } from "./question-title";

const placeText = (p: QuestionPlace) => `${questionTitle(p.number)} of ${p.examCode}`;
const placeHref = (p: QuestionPlace) => `/exams/${p.examId}/questions/${p.questionId}`;

export function CopyLinks({ copies: { origin, copies, hiddenCopies } }: { copies: QuestionCopies }) {
  if (origin === null && copies.length === 0 && hiddenCopies === 0) return null;
  const others = hiddenCopies === 1 ? "1 copy" : `${hiddenCopies} copies`;
  return (
    <section
      aria-label="Copies"
      className="mb-4 flex flex-col gap-1 rounded-md border border-slate-200 bg-slate-50 px-3 py-2 text-sm text-slate-700"
      data-testid="copy-links"
    >
      {origin?.kind === "found" && (
        <p data-testid="copied-from">
          Copied from{" "}
          <Link
            href={placeHref(origin.place)}
            className="font-medium text-brand-700 underline"
            title={origin.place.examTitle}
          >
            {placeText(origin.place)}
          </Link>{" "}
          <span className="text-slate-500">(its version {origin.version})</span>
        </p>
      )}
      {origin?.kind === "absent" && (
        <p data-testid="copied-from">
          Copied from a question (id {origin.questionId}, version {origin.version}) that has been deleted or is in an
          exam you cannot open.
        </p>
      )}
      {(copies.length > 0 || hiddenCopies > 0) && (
        <div data-testid="question-copies">
          <span>
            {copies.length + hiddenCopies === 1 ? "Copied once:" : `Copied ${copies.length + hiddenCopies} times:`}{" "}
          </span>
          {copies.length > 0 && (
            <ul className="inline">
              {copies.map((c, i) => (
                <li key={c.questionId} className="inline">
                  <Link href={placeHref(c)} className="text-brand-700 underline" title={c.examTitle}>
                    {placeText(c)}
                  </Link>
                  {i < copies.length - 1 ? ", " : ""}
                </li>
              ))}
            </ul>
          )}
          {hiddenCopies > 0 && (
            <span>
              {copies.length > 0 ? ", and " : ""}
              {others} in exams you cannot open
            </span>
          )}
        </div>
      )}
    </section>
  );
}
