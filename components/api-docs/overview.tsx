// The introduction of the API reference: endpoint, envelopes, token, HTTP statuses.
import { CodeBlock } from "./code-block";
import { CurlExample } from "./curl-example";

const inline = "rounded bg-slate-100 px-1 font-mono text-[0.85em]";

const SUCCESS = {
  jsonrpc: "2.0",
  id: 1,
  result: { exam: { id: 1, "…": "…" }, completed: true },
  warnings: ["answers: only one answer was given; at least two are recommended"],
  warning_details: [
    { code: "answers_single", path: "answers", message: "only one answer was given; at least two are recommended" },
  ],
};

const FAILURE = {
  jsonrpc: "2.0",
  id: 1,
  error: {
    code: -32602,
    message: "Invalid params",
    data: {
      issues: [
        { code: "answers_required", path: "answers", message: "answers are required for a single choice question" },
      ],
    },
  },
  errors: ["answers: answers are required for a single choice question"],
  warnings: [],
  warning_details: [],
};

export function Overview() {
  return (
    <div className="space-y-4 text-slate-700">
      <p>
        Every method is called with <code className={inline}>POST /api/json</code>,{" "}
        <code className={inline}>Content-Type: application/json</code>. The body is a JSON-RPC 2.0 request, or an array
        of them (a batch of at most 100 calls, run in order, each in its own transaction). A call without{" "}
        <code className={inline}>id</code> is a notification: it runs and gets no answer.
      </p>
      <p>
        The token (made on{" "}
        <a href="/settings/api-keys" className="text-brand-700 underline">
          API keys
        </a>
        , <code className={inline}>ek_…</code>) goes in the request as <code className={inline}>accessToken</code>, or
        as <code className={inline}>Authorization: Bearer &lt;token&gt;</code>; when both are sent they must match. A
        token acts as its owner: other owners&apos; exams answer as if they did not exist.
      </p>
      <p>
        Params are strictly typed (a number sent as a string is an error) and every problem of a call is reported
        together. Unknown fields are ignored with a warning naming them. Every answer is HTTP 200 with{" "}
        <code className={inline}>X-Api-Version: 1</code>, except 405 (not POST), 415 (not JSON), 413 (body too large)
        and 429 (rate limited), whose bodies still carry the error envelope with{" "}
        <code className={inline}>&quot;id&quot;: null</code>.
      </p>
      <CurlExample label="A call" body={`{"jsonrpc": "2.0", "id": 1, "method": "exam.examGet", "params": {"id": 1}}`} />
      <div className="grid gap-4 xl:grid-cols-2">
        <CodeBlock label="Success" code={JSON.stringify(SUCCESS, null, 2)} />
        <CodeBlock label="Error" code={JSON.stringify(FAILURE, null, 2)} />
      </div>
    </div>
  );
}
