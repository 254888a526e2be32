import Link from "next/link";
import { ExamListFilterBar } from "@/components/exams/exam-list-filter-bar";
import { ExamTable } from "@/components/exams/exam-table";
import {
  hasFilters,
  listFiltersQuery,
  parseListFilters,
  sortExams,
  type ExamListFilters,
} from "@/components/exams/list-filters";
import { EmptyExamList } from "@/components/exams/empty-exam-list";
import { NewExamDialog } from "@/components/exams/new-exam-dialog";
import { ImportDialog } from "@/components/import-export/import-dialog";
import { availableFormats } from "@/server/formats/registry";
import type { ExamView } from "@/server/data/exams";
import { examList } from "@/server/operations/exam-list";
import { readOperation } from "@/server/web/read";
import { NewWorkspaceNotice, newWorkspaceParams } from "@/components/workspaces/new-workspace-notice";
import { roleBlock, withArticle } from "@/components/workspaces/role-text";
import { currentWorkspace } from "@/server/web/current-workspace";
import { requireAuthor, type Author } from "@/server/web/session";

export const metadata = { title: "Exams" };

/**
 * The whole matching list is loaded (pages of 200) so that it can be sorted by title or code,
 * which examList does not do; past this many the list says so and asks for a narrower search.
 */
const MAX_LISTED = 2000;
const PAGE = 200;

async function loadExams(author: Author, filters: ExamListFilters): Promise<{ exams: ExamView[]; more: boolean }> {
  const exams: ExamView[] = [];
  let cursor: string | undefined;
  do {
    const page = await readOperation(author, examList, {
      limit: PAGE,
      ...(filters.q ? { query: filters.q } : {}),
      ...(filters.status ? { status: filters.status } : {}),
      ...(cursor ? { cursor } : {}),
    });
    exams.push(...page.exams);
    cursor = page.next_cursor ?? undefined;
  } while (cursor && exams.length < MAX_LISTED);
  return { exams, more: cursor !== undefined };
}

function countText(count: number, more: boolean, filtered: boolean): string {
  const exams = count === 1 ? "1 exam" : `${count}${more ? "+" : ""} exams`;
  const verb = filtered ? (count === 1 ? " matches" : " match") : "";
  const cut = more ? ` — the first ${MAX_LISTED} are listed; narrow the search to see the others.` : "";
  return exams + verb + cut;
}

export default async function ExamsPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const author = await requireAuthor("/exams");
  const params = await searchParams;
  const filters = parseListFilters(params);
  const [{ exams, more }, { current, all }] = await Promise.all([loadExams(author, filters), currentWorkspace(author)]);
  const blocked = roleBlock(current.role, "write", current.name);
  const filtered = hasFilters(filters);
  // Only a shared workspace is ever new: the notice is not shown in one's own, whatever the URL says.
  const justMade = current.personal ? null : newWorkspaceParams(params);
  const importFormats = availableFormats("import");

  return (
    <div className="flex flex-col gap-5">
      <div className="flex items-center justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold">Exams</h1>
          <p className="mt-1 text-sm text-slate-600" data-testid="exams-workspace">
            The exams of <strong className="font-medium text-slate-900">{current.name}</strong>, where you are{" "}
            {withArticle(current.role)}.
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <ImportDialog examId={null} formats={importFormats} blocked={blocked} />
          <NewExamDialog blocked={blocked} />
        </div>
      </div>

      {justMade && (
        <NewWorkspaceNotice name={current.name} previous={all.find((w) => w.id === justMade.from)?.name ?? null} />
      )}

      {exams.length === 0 && !filtered ? (
        <EmptyExamList
          workspaceName={current.name}
          blocked={blocked}
          importFormats={importFormats}
          inviteHref={current.role === "owner" && !current.personal ? "/settings/workspace" : null}
        />
      ) : (
        <>
          <ExamListFilterBar filters={filters} />
          <p className="text-sm text-slate-600" aria-live="polite" data-testid="exam-count">
            {countText(exams.length, more, filtered)}
          </p>
          {exams.length === 0 ? (
            <div className="rounded-lg border border-slate-200 bg-white px-6 py-10 text-center text-sm text-slate-600">
              No exams match these filters.{" "}
              <Link
                href={`/exams${listFiltersQuery({ q: "", status: "", sort: filters.sort })}`}
                className="text-brand-700 underline"
              >
                Show all exams
              </Link>
            </div>
          ) : (
            <ExamTable exams={sortExams(exams, filters.sort)} blocked={blocked} />
          )}
        </>
      )}
    </div>
  );
}
