// Everything under an exam knows the person's role in the exam's workspace: controls the role
// does not allow are disabled with the reason, and a note says what the role allows.
import type { ReactNode } from "react";
import { RoleNote } from "@/components/workspaces/role-note";
import { WorkspaceRoleProvider } from "@/components/workspaces/role-context";
import { getAppContext } from "@/server/app-context";
import { roleInExam } from "@/server/data/workspaces";
import { idFromText } from "@/server/web/id-text";
import { requireAuthor } from "@/server/web/session";

export default async function ExamLayout({
  children,
  params,
}: {
  children: ReactNode;
  params: Promise<{ id: string }>;
}) {
  const { id } = await params;
  const author = await requireAuthor(`/exams/${encodeURIComponent(id)}`);
  const examId = idFromText(id);
  // Not a member (or no such exam): the page itself answers with its 404.
  const here = examId === null ? null : await roleInExam((await getAppContext()).db, author.id, examId);
  if (!here) return children;
  return (
    <WorkspaceRoleProvider role={here.role} workspace={here.workspace}>
      <RoleNote role={here.role} workspace={here.workspace} />
      {children}
    </WorkspaceRoleProvider>
  );
}
