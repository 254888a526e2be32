// What the exam list says while the current workspace has no exam: the two ways to start that are
// on the page (write a new exam, import a file, naming the formats), the API as a side note for
// programs; to someone whose role cannot add exams, who can. Names the workspace, so that a new,
// empty one is not taken for exams gone missing.
import Link from "next/link";
import { ImportDialog } from "@/components/import-export/import-dialog";
import { FORMATS, type FormatId } from "@/server/formats/types";
import { NewExamDialog } from "./new-exam-dialog";

/** "A, B, C or D". */
function orList(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} or ${items.at(-1)}`;
}

const LINK = "text-brand-700 underline";

export function EmptyExamList({
  workspaceName,
  blocked,
  importFormats,
  inviteHref,
}: {
  workspaceName: string;
  /** Why the person's role cannot add exams here (null: it can). */
  blocked: string | null;
  importFormats: readonly FormatId[];
  /** The members page, offered to the owner of a shared workspace (null: not offered). */
  inviteHref: string | null;
}) {
  return (
    <section
      aria-labelledby="empty-exams-heading"
      className="rounded-lg border border-dashed border-slate-300 bg-white px-6 py-10"
      data-testid="empty-exam-list"
    >
      <h2 id="empty-exams-heading" className="text-center text-lg font-medium">
        No exams in {workspaceName} yet
      </h2>
      {blocked ? (
        <p className="mx-auto mt-2 max-w-lg text-center text-sm text-slate-600">
          {blocked} Editors and owners of this workspace add exams; you will find them here once they do.
        </p>
      ) : (
        <>
          <p className="mx-auto mt-2 max-w-lg text-center text-sm text-slate-600">Start in one of two ways:</p>
          <div className="mx-auto mt-5 grid max-w-3xl gap-4 sm:grid-cols-2">
            <div className="flex flex-col gap-3 rounded-md border border-slate-200 p-4">
              <h3 className="font-medium">Write a new exam</h3>
              <p className="flex-1 text-sm text-slate-600">
                Give it a title, a code and a category, then add its questions one by one.
              </p>
              <div>
                <NewExamDialog triggerLabel="Create your first exam" blocked={blocked} />
              </div>
            </div>
            <div className="flex flex-col gap-3 rounded-md border border-slate-200 p-4">
              <h3 className="font-medium">Import a file</h3>
              <p className="flex-1 text-sm text-slate-600" data-testid="empty-import-formats">
                Bring an exam you already have, as {orList(importFormats.map((f) => FORMATS[f].name))} (
                <a href="/templates/questions.csv" className={LINK}>
                  download the CSV template
                </a>
                ). You see what will be imported before anything is stored.
              </p>
              <div>
                <ImportDialog examId={null} formats={importFormats} blocked={blocked} triggerLabel="Import a file" />
              </div>
            </div>
          </div>
          <p className="mx-auto mt-5 max-w-lg text-center text-xs text-slate-500" data-testid="empty-api-note">
            Programs can add exams too, through the JSON-RPC API: make a token on the{" "}
            <Link href="/settings/api-keys" className={LINK}>
              API keys
            </Link>{" "}
            page and follow the{" "}
            <Link href="/docs/guide" className={LINK}>
              API guide
            </Link>
            .
          </p>
        </>
      )}
      {inviteHref && (
        <p className="mx-auto mt-4 max-w-lg text-center text-sm text-slate-600">
          Writing with others?{" "}
          <Link href={inviteHref} className={LINK}>
            Invite people to {workspaceName}
          </Link>
          .
        </p>
      )}
    </section>
  );
}
