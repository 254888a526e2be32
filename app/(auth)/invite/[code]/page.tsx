// /invite/CODE: an invitation link (contract 14.1.3). It says who invited the visitor to which
// workspace with which role; a signed-in person joins with one click, anyone else signs up (or
// in) through it and comes back here. A used, withdrawn, expired or unknown link says so.
import Link from "next/link";
import { AcceptInvitation } from "@/components/workspaces/accept-invitation";
import { asSentence } from "@/components/workspaces/refusal-text";
import { ROLE_CAN, withArticle } from "@/components/workspaces/role-text";
import { buttonClass } from "@/components/ui/button";
import { getAppContext } from "@/server/app-context";
import { invitationByCode } from "@/server/data/invitations";
import { roleIn } from "@/server/data/workspaces";
import { getAuthor } from "@/server/web/session";
import { INVITATION_STATE_TEXT } from "@/server/web/workspace-admin";

export const metadata = { title: "Invitation", robots: { index: false } };

export default async function InvitationPage({ params }: { params: Promise<{ code: string }> }) {
  const { code } = await params;
  const author = await getAuthor();
  const { db } = await getAppContext();
  const found = code.length <= 200 ? await invitationByCode(db, code) : null;
  const back = `/invite/${encodeURIComponent(code)}`;

  if (!found)
    return <Refused text="This invitation link is not valid: check that it was copied whole, or ask for a new one." />;
  const member = author ? await roleIn(db, found.workspaceId, author.id) : null;
  if (member) {
    return (
      <>
        <h1 className="text-xl font-semibold">{found.workspaceName}</h1>
        <p className="mt-3 text-sm text-slate-700" data-testid="invitation-text">
          You are already {withArticle(member)} in this workspace.
        </p>
        <AcceptInvitation code={code} label="Open its exams" />
      </>
    );
  }
  if (found.state !== "pending") return <Refused text={asSentence(INVITATION_STATE_TEXT[found.state])} />;

  const inviter = found.invitedBy ? found.invitedBy.name || found.invitedBy.email : "An owner";
  return (
    <>
      <h1 className="text-xl font-semibold">Join {found.workspaceName}</h1>
      <p className="mt-3 text-sm text-slate-700" data-testid="invitation-text">
        {inviter} invited you to the workspace <strong className="font-medium">{found.workspaceName}</strong> as{" "}
        {withArticle(found.role)}: you will be able to {ROLE_CAN[found.role]}.
      </p>
      {author ? (
        <>
          <p className="mt-3 text-sm text-slate-600">You are signed in as {author.email}.</p>
          <AcceptInvitation code={code} label={`Join as ${withArticle(found.role)}`} />
        </>
      ) : (
        <div className="mt-5 flex flex-col gap-2">
          <Link href={`/sign-up?next=${encodeURIComponent(back)}`} className={buttonClass("primary")}>
            Create an account to join
          </Link>
          <Link href={`/sign-in?next=${encodeURIComponent(back)}`} className={buttonClass("secondary")}>
            I have an account: sign in
          </Link>
        </div>
      )}
    </>
  );
}

function Refused({ text }: { text: string }) {
  return (
    <>
      <h1 className="text-xl font-semibold">Invitation</h1>
      <p className="mt-3 text-sm text-slate-700" role="alert" data-testid="invitation-text">
        {text}
      </p>
      <Link href="/exams" className={buttonClass("secondary", "md", "mt-5")}>
        Go to your exams
      </Link>
    </>
  );
}
