// One method of the API reference: summary, params, an example request and the result fields.
import { exampleRequest, type MethodDoc } from "@/server/docs/reference";
import { CodeBlock } from "./code-block";
import { FieldTable } from "./field-table";

export function MethodSection({ doc }: { doc: MethodDoc }) {
  return (
    <section
      id={doc.anchor}
      aria-labelledby={`${doc.anchor}-title`}
      data-method={doc.method}
      className="scroll-mt-6 border-t border-slate-200 pt-8"
    >
      <h3 id={`${doc.anchor}-title`} className="font-mono text-lg font-semibold text-slate-900">
        <a href={`#${doc.anchor}`} className="hover:underline">
          {doc.method}
        </a>
      </h3>
      <p className="mt-1 text-slate-700">{doc.summary}</p>
      <p className="mt-1 text-sm text-slate-600" data-testid="method-access">
        <span className="font-medium text-slate-700">Who may call it:</span> {doc.access}
      </p>

      <h4 className="mt-5 mb-2 text-sm font-semibold text-slate-900">Params</h4>
      <FieldTable rows={doc.params} caption={`Params of ${doc.method}`} />

      <h4 className="mt-5 mb-2 text-sm font-semibold text-slate-900">Example request</h4>
      <CodeBlock label="POST /api/json" code={JSON.stringify(exampleRequest(doc), null, 2)} />

      <h4 className="mt-5 mb-2 text-sm font-semibold text-slate-900">Result</h4>
      <ResultFields doc={doc} />
    </section>
  );
}

function ResultFields({ doc }: { doc: MethodDoc }) {
  const completed = (
    <li>
      <code className="font-mono text-xs font-semibold">completed</code>: always{" "}
      <code className="font-mono text-xs">true</code>.
    </li>
  );
  return (
    <ul className="list-disc space-y-1 pl-5 text-sm text-slate-700">
      {(doc.result ?? []).map((r) => (
        <li key={r.field}>
          <code className="font-mono text-xs font-semibold">{r.field}</code>: {r.description}
        </li>
      ))}
      {completed}
    </ul>
  );
}
