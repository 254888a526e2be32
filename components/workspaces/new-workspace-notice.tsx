// Said on the exam list right after "New workspace…" made a workspace and switched to it: where the
// person is now, that the exams they were looking at have not gone anywhere, and how to get back
// (the switcher). Shown while the URL asks for it (/exams?new_workspace=1&from=ID); "Got it"
// leaves the plain list.
import Link from "next/link";

/** Where "New workspace…" leads: the new workspace's exam list, saying so (`from`: the workspace the person was in). */
export function newWorkspaceUrl(from: number): string {
  return `/exams?new_workspace=1&from=${from}`;
}

/** What the exam list's URL asks of the notice: null for none; `from` is checked against the person's workspaces by the page. */
export function newWorkspaceParams(params: Record<string, string | string[] | undefined>): { from: number } | null {
  if (params.new_workspace !== "1") return null;
  const from = typeof params.from === "string" && /^\d{1,10}$/.test(params.from) ? Number(params.from) : 0;
  return { from };
}

export function NewWorkspaceNotice({ name, previous }: { name: string; previous: string | null }) {
  return (
    <div
      role="status"
      className="flex flex-wrap items-start justify-between gap-3 rounded-lg border border-brand-100 bg-brand-50 px-4 py-3 text-sm text-slate-800"
      data-testid="new-workspace-notice"
    >
      <p className="max-w-3xl">
        You made <strong className="font-medium">{name}</strong> and are now working in it: its exam list starts empty,
        and new exams and API tokens go into it.{" "}
        {previous ? (
          <>
            Your exams in <strong className="font-medium">{previous}</strong> are still there:
          </>
        ) : (
          "Your other exams are still where they were:"
        )}{" "}
        switch back at any time with the workspace menu at the top left.
      </p>
      <Link href="/exams" className="shrink-0 text-brand-700 underline">
        Got it
      </Link>
    </div>
  );
}
