// One stored version of a question, as the audit log holds it: its text (stored HTML, already
// cleaned by the HTML policy on the way in, rendered as the candidate view renders it), type,
// points, answers and properties. No client code: the history page renders it on the server.
import { Check } from "lucide-react";
import { QuestionTypeLabel } from "../questions/question-types";
import { ScrollArea } from "../ui/scroll-area";
import type { QuestionSnapshot } from "@/server/domain/history-diff";

export function QuestionVersion({
  snapshot,
  caseStudyNames,
}: {
  snapshot: QuestionSnapshot;
  caseStudyNames: ReadonlyMap<number, string>;
}) {
  const { question, answers } = snapshot;
  const ordered = [...answers].sort((a, b) => a.order - b.order);
  const properties = Object.keys(question.properties ?? {}).length > 0 ? question.properties : null;
  return (
    <div className="flex flex-col gap-3 text-sm" data-testid="question-version">
      <dl className="flex flex-wrap gap-x-5 gap-y-1 text-slate-600">
        <Fact label="Type">
          <QuestionTypeLabel type={question.type} />
        </Fact>
        <Fact label="Points">{question.points ?? 1}</Fact>
        {question.case_study_id !== null && (
          // A case study deleted since then has no name any more: its number stays.
          <Fact label="Case study">{caseStudyNames.get(question.case_study_id) ?? `#${question.case_study_id}`}</Fact>
        )}
        {question.external_id !== null && <Fact label="External id">{question.external_id}</Fact>}
      </dl>
      <div
        className="rich-text rounded-md border border-slate-200 bg-slate-50 px-3 py-2"
        data-testid="version-text"
        dangerouslySetInnerHTML={{ __html: question.question }}
      />
      {ordered.length > 0 && (
        <ol className="flex flex-col gap-1" aria-label="Answers">
          {ordered.map((a) => (
            <li key={a.id} className="flex items-start gap-2">
              <span className={a.is_correct ? "mt-0.5 text-emerald-700" : "mt-0.5 text-transparent"}>
                <Check aria-hidden className="size-4" />
                {/* Text, not aria-label: a name is not allowed on a plain span, and is not read there. */}
                {a.is_correct && <span className="sr-only">correct</span>}
              </span>
              <span className="rich-text min-w-0 flex-1" dangerouslySetInnerHTML={{ __html: a.answer }} />
              {a.points !== undefined && a.points !== 0 && (
                <span className="shrink-0 text-slate-500">{a.points} pt</span>
              )}
            </li>
          ))}
        </ol>
      )}
      {question.explanation && (
        <div>
          <p className="font-medium text-slate-700">Explanation</p>
          <div className="rich-text text-slate-700" dangerouslySetInnerHTML={{ __html: question.explanation }} />
        </div>
      )}
      {properties && (
        <div>
          <p className="font-medium text-slate-700">Properties</p>
          <ScrollArea
            as="pre"
            aria-label="Properties"
            className="mt-1 max-h-64 overflow-auto rounded-md bg-slate-50 p-2 text-xs text-slate-700"
          >
            {JSON.stringify(properties, null, 2)}
          </ScrollArea>
        </div>
      )}
    </div>
  );
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex items-center gap-1.5">
      <dt className="text-slate-500">{label}:</dt>
      <dd className="text-slate-800">{children}</dd>
    </div>
  );
}
