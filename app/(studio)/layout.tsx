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
        <nav aria-label="Main" className="flex items-center gap-4 text-sm">
          <WorkspaceSwitcher current={option(current)} all={all.map(option)} />
          <SiteHeaderLink href="/exams">Exams</SiteHeaderLink>
          <SiteHeaderLink href="/settings/workspace">Members</SiteHeaderLink>
          <SiteHeaderLink href="/settings/api-keys">API keys</SiteHeaderLink>
          <SiteHeaderLink href="/docs/api">API reference</SiteHeaderLink>
        </nav>
      </SiteHeader>
      <main className="mx-auto w-full max-w-7xl flex-1 px-gutter py-6">{children}</main>
    </div>
  );
}
