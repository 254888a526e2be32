import Link from "next/link";
import { BankResults } from "@/components/bank/bank-results";
import { BankSearchForm } from "@/components/bank/bank-search-form";
import { hasBankFilters, parseBankFilters, searchParamsOf } from "@/components/bank/bank-filters";
import { roleBlock } from "@/components/workspaces/role-text";
import { examList } from "@/server/operations/exam-list";
import { questionSearch } from "@/server/operations/question-search";
import { currentWorkspace } from "@/server/web/current-workspace";
import { readOperation } from "@/server/web/read";
import { requireAuthor, type Author } from "@/server/web/session";

export const metadata = { title: "Question bank" };

/** Exams offered by the filter and as the copies' target: the workspace's, up to this many. */
const MAX_EXAMS = 2000;

type ListedExam = Awaited<
  ReturnType<typeof readOperation<typeof examList.params, Awaited<ReturnType<typeof examList.run>>>>
>["exams"][number];

async function loadExams(author: Author): Promise<ListedExam[]> {
  const exams: ListedExam[] = [];
  let cursor: string | undefined;
  do {
    const page = await readOperation(author, examList, { limit: 200, ...(cursor ? { cursor } : {}) });
    exams.push(...page.exams);
    cursor = page.next_cursor ?? undefined;
  } while (cursor && exams.length < MAX_EXAMS);
  return exams.sort((a, b) => a.title.localeCompare(b.title) || a.id - b.id);
}

/** The bank (contract 15.2 point 5): every exam's questions in the current workspace, searched and filtered, copied into an exam. */
export default async function BankPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const author = await requireAuthor("/bank");
  const filters = parseBankFilters(await searchParams);
  const params = searchParamsOf(filters);
  const [exams, { current }] = await Promise.all([loadExams(author), currentWorkspace(author)]);
  // A filter by an exam that is gone (or of another workspace) is dropped rather than a 404.
  const examKnown = filters.exam === null || exams.some((e) => e.id === filters.exam);
  const shown = examKnown ? filters : { ...filters, exam: null, domain: null };
  const first = await readOperation(author, questionSearch, examKnown ? params : searchParamsOf(shown));
  const domains = shown.exam === null ? [] : (exams.find((e) => e.id === shown.exam)?.domains ?? []);

  return (
    <div className="flex flex-col gap-5">
      <div>
        <h1 className="text-2xl font-semibold">Question bank</h1>
        <p className="mt-1 text-sm text-slate-600">
          Every question of every exam in <strong className="font-medium text-slate-900">{current.name}</strong>. Search
          them, open one, or select some and copy them into an exam.
        </p>
      </div>
      <BankSearchForm
        filters={shown}
        exams={exams.map((e) => ({ id: e.id, title: e.title, code: e.code }))}
        domains={domains.map((d) => ({ id: d.id, code: d.code, name: d.name }))}
      />
      {first.questions.length === 0 && !hasBankFilters(shown) ? (
        <div className="rounded-lg border border-slate-200 bg-white px-6 py-10 text-center text-sm text-slate-600">
          This workspace has no questions yet.{" "}
          <Link href="/exams" className="text-brand-700 underline">
            Go to the exams
          </Link>
        </div>
      ) : (
        <BankResults
          // A new search starts a new list (and a new selection).
          key={JSON.stringify(params)}
          params={searchParamsOf(shown)}
          first={first}
          hasQuery={shown.q !== ""}
          targets={exams.map((e) => ({ id: e.id, title: e.title, code: e.code }))}
          copyBlocked={roleBlock(current.role, "write", current.name)}
        />
      )}
    </div>
  );
}
