// The current workspace's members and invitations (contract 14.1.2–14.1.3). Every member sees
// who is in it and with which role; owners rename it, invite people, change roles and remove
// members, and delete a shared workspace.
import { DeleteWorkspace } from "@/components/workspaces/delete-workspace";
import { InvitePeople } from "@/components/workspaces/invite-people";
import { MemberList } from "@/components/workspaces/member-list";
import { PendingInvitations } from "@/components/workspaces/pending-invitations";
import { ROLE_CAN, withArticle } from "@/components/workspaces/role-text";
import { WorkspaceNameForm } from "@/components/workspaces/workspace-name-form";
import { getAppContext } from "@/server/app-context";
import { examsIn, workspaceRow } from "@/server/data/workspaces";
import { readSite } from "@/server/site";
import { currentWorkspace } from "@/server/web/current-workspace";
import { requireAuthor } from "@/server/web/session";
import { membersPage } from "@/server/web/workspace-admin";

export const metadata = { title: "Workspace members" };

export default async function WorkspacePage() {
  const author = await requireAuthor("/settings/workspace");
  const { db } = await getAppContext();
  const { current } = await currentWorkspace(author);
  const [page, row, exams] = await Promise.all([
    membersPage(db, author.id, current.id),
    workspaceRow(db, current.id),
    examsIn(db, current.id),
  ]);
  if (!page || !row) throw new Error("the current workspace is always one the person is a member of");
  const manage = page.role === "owner";

  return (
    <div className="flex max-w-4xl flex-col gap-6">
      <div>
        <h1 className="text-2xl font-semibold">{current.name}</h1>
        <p className="mt-1 text-sm text-slate-600" data-testid="my-role">
          You are {withArticle(page.role)} here: you can {ROLE_CAN[page.role]}.{" "}
          {manage ? "" : "Only owners invite people and change roles."}
        </p>
      </div>
      {manage && <WorkspaceNameForm workspaceId={current.id} name={current.name} />}
      {manage && <InvitePeople workspaceId={current.id} origin={readSite().origin} />}
      <MemberList
        workspaceId={current.id}
        workspaceName={current.name}
        me={author.id}
        personalOf={row.personalOf}
        manage={manage}
        members={page.members.map((m) => ({ ...m, joinedAt: m.joinedAt.toISOString() }))}
      />
      {manage && (
        <PendingInvitations
          workspaceId={current.id}
          invitations={page.invitations.map((i) => ({
            ...i,
            createdAt: i.createdAt.toISOString(),
            expiresAt: i.expiresAt.toISOString(),
          }))}
        />
      )}
      {manage && row.personalOf === null && (
        <DeleteWorkspace workspaceId={current.id} name={current.name} exams={exams} />
      )}
    </div>
  );
}
