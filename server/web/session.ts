// The signed-in author of a page or server action (better-auth session cookie). Authoring pages
// call requireAuthor(); it sends a visitor without a session to /sign-in and back afterwards.
import "server-only";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { getAccounts } from "../app-context";
import type { Actor } from "../operations/define";

export interface Author {
  id: string;
  email: string;
  name: string;
}

export async function getAuthor(): Promise<Author | null> {
  // headers() first: while prerendering it ends the attempt before the database is opened.
  const requestHeaders = await headers();
  const accounts = await getAccounts();
  const session = await accounts.api.getSession({ headers: requestHeaders });
  if (!session) return null;
  return { id: session.user.id, email: session.user.email, name: session.user.name };
}

/** The author, or a redirect to /sign-in that returns to `back` (the current path). */
export async function requireAuthor(back?: string): Promise<Author> {
  const author = await getAuthor();
  if (!author) redirect(back ? `/sign-in?next=${encodeURIComponent(back)}` : "/sign-in");
  return author;
}

/** The web app acts as the author with no token name (the audit log shows "web"). */
export function webActor(author: Author): Actor {
  return { userId: author.id, tokenName: null };
}
