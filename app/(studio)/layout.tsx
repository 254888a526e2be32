import Link from "next/link";
import type { ReactNode } from "react";
import { SignOutButton } from "@/components/account/sign-out-button";
import { requireAuthor } from "@/server/web/session";

export default async function StudioLayout({ children }: { children: ReactNode }) {
  const author = await requireAuthor();
  return (
    <div className="flex min-h-screen flex-col">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex h-14 max-w-7xl items-center gap-6 px-6">
          <Link href="/exams" className="font-semibold text-slate-900">
            Exam Studio
          </Link>
          <nav aria-label="Main" className="flex items-center gap-4 text-sm">
            <Link href="/exams" className="text-slate-600 hover:text-slate-900">
              Exams
            </Link>
            <Link href="/settings/api-keys" className="text-slate-600 hover:text-slate-900">
              API keys
            </Link>
            <Link href="/docs/api" className="text-slate-600 hover:text-slate-900">
              API reference
            </Link>
          </nav>
          <div className="ml-auto flex items-center gap-3 text-sm text-slate-600">
            <span data-testid="signed-in-as">{author.email}</span>
            <SignOutButton />
          </div>
        </div>
      </header>
      <main className="mx-auto w-full max-w-7xl flex-1 px-6 py-6">{children}</main>
    </div>
  );
}
