// Sign out by a plain form post (components/account/sign-out-button.tsx): it works before the
// page's scripts have run, and the browser then loads the sign-in page whole, so nothing the
// client router holds from the signed-in pages is reused, and no refresh of a signed-in page
// still in flight can land after the author has signed in again (seen under load).
import { getAccounts } from "@/server/app-context";

export const dynamic = "force-dynamic";

export async function POST(request: Request): Promise<Response> {
  // better-auth's own endpoint does the work: it ends the session and clears its cookies.
  const headers = new Headers(request.headers);
  headers.set("content-type", "application/json");
  headers.delete("content-length");
  const signedOut = await (
    await getAccounts()
  ).handler(new Request(new URL("/api/auth/sign-out", request.url), { method: "POST", headers, body: "{}" }));
  const answer = new Response(null, { status: 303, headers: { location: "/sign-in" } });
  for (const cookie of signedOut.headers.getSetCookie()) answer.headers.append("set-cookie", cookie);
  return answer;
}
