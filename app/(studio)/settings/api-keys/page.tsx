import Link from "next/link";
import { ApiKeys } from "@/components/settings/api-keys";
import { getAppContext } from "@/server/app-context";
import { listApiTokens } from "@/server/auth/tokens";
import { currentWorkspace } from "@/server/web/current-workspace";
import { requireAuthor } from "@/server/web/session";

export const metadata = { title: "API keys" };

export default async function ApiKeysPage() {
  const author = await requireAuthor("/settings/api-keys");
  const { db } = await getAppContext();
  const [tokens, { current }] = await Promise.all([listApiTokens(db, author.id), currentWorkspace(author)]);
  return (
    <div className="flex max-w-4xl flex-col gap-6">
      <div>
        <h1 className="text-2xl font-semibold">API keys</h1>
        <p className="mt-1 text-sm text-slate-600">
          Programs use a token to call <code className="rounded bg-slate-100 px-1">POST /api/json</code> as you: send it
          as <code className="rounded bg-slate-100 px-1">Authorization: Bearer &lt;token&gt;</code> or as{" "}
          <code className="rounded bg-slate-100 px-1">accessToken</code> in the request. A token is shown once, when it
          is created; revoke one you no longer use. A token works in one workspace with your role there; a read-only
          token can only read. The{" "}
          <Link href="/docs/api" className="text-brand-700 underline">
            API reference
          </Link>{" "}
          lists every method.
        </p>
      </div>
      <ApiKeys
        workspace={{ name: current.name, role: current.role }}
        tokens={tokens.map((t) => ({
          id: t.id,
          name: t.name,
          prefix: t.prefix,
          createdAt: t.createdAt.toISOString(),
          lastUsedAt: t.lastUsedAt?.toISOString() ?? null,
          expiresAt: t.expiresAt?.toISOString() ?? null,
          revokedAt: t.revokedAt?.toISOString() ?? null,
          scope: t.scope,
          workspaceName: t.workspaceName,
        }))}
      />
    </div>
  );
}
