import Link from "next/link";
import { redirect } from "next/navigation";
import { buttonClass } from "@/components/ui/button";
import { getAuthor } from "@/server/web/session";

export default async function Home() {
  if (await getAuthor()) redirect("/exams");
  return (
    <main className="mx-auto max-w-2xl px-gutter py-24">
      <h1 className="text-3xl font-semibold">Exam Studio</h1>
      <p className="mt-3 text-slate-600">
        Author certification-style practice exams in the browser, with rich text, images and seven question types, or
        through the JSON-RPC API at <code className="rounded bg-slate-100 px-1">POST /api/json</code>.
      </p>
      <div className="mt-6 flex gap-3">
        <Link href="/sign-up" className={buttonClass("primary")}>
          Create an account
        </Link>
        <Link href="/sign-in" className={buttonClass("secondary")}>
          Sign in
        </Link>
      </div>
      <p className="mt-8 text-sm text-slate-600">
        Writing a program against the API? The{" "}
        <Link href="/docs/api" className="text-brand-700 underline">
          API reference
        </Link>{" "}
        lists every method with its params and their rules.
      </p>
    </main>
  );
}
