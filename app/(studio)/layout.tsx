import type { ReactNode } from "react";
import { SignOutButton } from "@/components/account/sign-out-button";
import { SiteHeader, SiteHeaderLink } from "@/components/ui/site-header";
import { WorkspaceSwitcher } from "@/components/workspaces/workspace-switcher";
import { currentWorkspace } from "@/server/web/current-workspace";
import { requireAuthor } from "@/server/web/session";

export default async function StudioLayout({ children }: { children: ReactNode }) {
  const author = await requireAuthor();
  const { current, all } = await currentWorkspace(author);
  const option = (w: typeof current) => ({ id: w.id, name: w.name, role: w.role, own: w.own });
  return (
    <div className="flex min-h-screen flex-col">
      <SiteHeader
        home="/exams"
        end={
          <>
            <span data-testid="signed-in-as" className="truncate" title={author.email}>
              {author.email}
            </span>
            <SignOutButton />
          </>
        }
      >
        {/* On a phone the switcher has a row of its own above the links; from sm up, one row. */}
        <nav aria-label="Main" className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm sm:flex-nowrap">
          <div className="flex min-w-0 basis-full sm:basis-auto">
            <WorkspaceSwitcher current={option(current)} all={all.map(option)} />
          </div>
          <SiteHeaderLink href="/exams">Exams</SiteHeaderLink>
          <SiteHeaderLink href="/bank">Bank</SiteHeaderLink>
          <SiteHeaderLink href="/settings/workspace">Members</SiteHeaderLink>
          <SiteHeaderLink href="/settings/api-keys">API keys</SiteHeaderLink>
          <SiteHeaderLink href="/docs/api">API reference</SiteHeaderLink>
        </nav>
      </SiteHeader>
      <main className="mx-auto w-full max-w-7xl flex-1 px-gutter py-6">{children}</main>
    </div>
  );
}
