// The signed-in author of a page or server action (better-auth session cookie). Authoring pages
// call requireAuthor(); it sends a visitor without a session to /sign-in and back afterwards.
import "server-only";
import { cookies, headers } from "next/headers";
import { redirect } from "next/navigation";
import { getAccounts } from "../app-context";
import type { Actor } from "../context";
import { idFromText } from "./id-text";

export interface Author {
  id: string;
  email: string;
  name: string;
  /** The workspace the header's switcher last chose (its cookie, not yet checked; see currentWorkspace). */
  chosenWorkspaceId: number | null;
}

/** The cookie the workspace switcher sets: the id of the person's current workspace. */
export const WORKSPACE_COOKIE = "studio-workspace";

export async function getAuthor(): Promise<Author | null> {
  // headers() first: while prerendering it ends the attempt before the database is opened.
  const requestHeaders = await headers();
  const accounts = await getAccounts();
  const session = await accounts.api.getSession({ headers: requestHeaders });
  if (!session) return null;
  const chosen = idFromText((await cookies()).get(WORKSPACE_COOKIE)?.value);
  return { id: session.user.id, email: session.user.email, name: session.user.name, chosenWorkspaceId: chosen };
}

/** The author, or a redirect to /sign-in that returns to `back` (the current path). */
export async function requireAuthor(back?: string): Promise<Author> {
  const author = await getAuthor();
  if (!author) redirect(back ? `/sign-in?next=${encodeURIComponent(back)}` : "/sign-in");
  return author;
}

/**
 * The web app acts as the author with no token name (the audit log shows "web"), in every
 * workspace they are a member of, creating and listing in the current one.
 */
export function webActor(author: Author): Actor {
  return { userId: author.id, tokenName: null, currentWorkspaceId: author.chosenWorkspaceId };
}
