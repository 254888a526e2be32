import type { ReactNode } from "react";
import { SignOutButton } from "@/components/account/sign-out-button";
import { SiteHeader, SiteHeaderLink } from "@/components/ui/site-header";
import { requireAuthor } from "@/server/web/session";

export default async function StudioLayout({ children }: { children: ReactNode }) {
  const author = await requireAuthor();
  return (
    <div className="flex min-h-screen flex-col">
      <SiteHeader home="/exams">
        <nav aria-label="Main" className="flex items-center gap-4 text-sm">
          <SiteHeaderLink href="/exams">Exams</SiteHeaderLink>
          <SiteHeaderLink href="/settings/api-keys">API keys</SiteHeaderLink>
          <SiteHeaderLink href="/docs/api">API reference</SiteHeaderLink>
        </nav>
        <div className="ml-auto flex items-center gap-3 text-sm text-slate-600">
          <span data-testid="signed-in-as">{author.email}</span>
          <SignOutButton />
        </div>
      </SiteHeader>
      <main className="mx-auto w-full max-w-7xl flex-1 px-6 py-6">{children}</main>
    </div>
  );
}
