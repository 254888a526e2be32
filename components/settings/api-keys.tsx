"use client";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { createTokenAction, revokeTokenAction } from "@/app/(studio)/settings/api-keys/actions";
import { Badge } from "../ui/badge";
import { Button } from "../ui/button";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { CopyButton } from "../ui/copy-button";
import { Field, Input } from "../ui/field";
import { formatDateTime } from "../ui/format";
import { authorText } from "../issues/author-text";
import { failureText } from "../issues/failure-text";
import { DataTable } from "../ui/table-frame";
import { TOKEN_LIFETIMES } from "@/server/schemas/api-token";
import { withArticle } from "@/server/domain/roles";
import { type WorkspaceRole } from "@/server/schemas/workspace-roles";
import { callAction } from "@/components/lib/call-action";

export interface TokenRow {
  id: number;
  name: string;
  prefix: string;
  createdAt: string;
  lastUsedAt: string | null;
  expiresAt: string | null;
  revokedAt: string | null;
  scope: "read" | "write";
  workspaceName: string;
}

const SELECT = "h-9 rounded-md border border-slate-300 bg-white px-2 text-sm text-slate-900";

export function ApiKeys({
  tokens,
  workspace,
}: {
  tokens: TokenRow[];
  workspace: { name: string; role: WorkspaceRole };
}) {
  const router = useRouter();
  const [name, setName] = useState("");
  const [scope, setScope] = useState<"read" | "write">("write");
  const [lifetime, setLifetime] = useState<string>("never");
  const [errors, setErrors] = useState<string[]>([]);
  const [created, setCreated] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function create(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    const answer = await callAction(() =>
      createTokenAction({
        name,
        scope,
        expires_in_days: lifetime === "never" ? null : Number(lifetime),
      }),
    );
    setBusy(false);
    if (!answer.ok) {
      setErrors(answer.issues.length > 0 ? answer.issues.map((i) => authorText(i)) : [failureText(answer)]);
      return;
    }
    setErrors([]);
    setName("");
    setScope("write");
    setLifetime("never");
    setCreated(answer.result.token);
    router.refresh();
  }

  return (
    <>
      <section aria-labelledby="new-token-heading" className="rounded-lg border border-slate-200 bg-white p-4">
        <h2 id="new-token-heading" className="font-medium">
          New token
        </h2>
        <p className="mt-1 text-sm text-slate-600" data-testid="token-workspace">
          For the workspace <strong className="font-medium text-slate-900">{workspace.name}</strong>, where you are{" "}
          {withArticle(workspace.role)}. Switch workspaces in the header to make a token for another one.
        </p>
        <form onSubmit={create} className="mt-3 flex flex-wrap items-start gap-2">
          <Field label="Token name" errors={errors} className="w-full sm:w-80">
            {(a) => (
              <Input
                {...a}
                value={name}
                onChange={(e) => setName(e.target.value)}
                placeholder="e.g. question-bank import"
                maxLength={100}
              />
            )}
          </Field>
          <label className="flex flex-col gap-1.5 text-sm font-medium text-slate-800">
            Access
            <select className={SELECT} value={scope} onChange={(e) => setScope(e.target.value as "read" | "write")}>
              <option value="write">Read and write (your role)</option>
              <option value="read">Read only</option>
            </select>
          </label>
          <label className="flex flex-col gap-1.5 text-sm font-medium text-slate-800">
            Expires
            <select className={SELECT} value={lifetime} onChange={(e) => setLifetime(e.target.value)}>
              <option value="never">Never (until revoked)</option>
              {TOKEN_LIFETIMES.map((d) => (
                <option key={d} value={String(d)}>
                  In {d} days
                </option>
              ))}
            </select>
          </label>
          <Button type="submit" variant="primary" disabled={busy} className="sm:mt-6">
            Create token
          </Button>
        </form>
        {created && (
          <div className="mt-4 rounded-md border border-emerald-200 bg-emerald-50 p-3" role="status">
            <p className="text-sm text-emerald-900">Copy this token now: it will not be shown again.</p>
            <div className="mt-2 flex items-center gap-2">
              <code data-testid="new-token" className="rounded bg-white px-2 py-1 font-mono text-sm break-all">
                {created}
              </code>
              <CopyButton text={created} />
            </div>
          </div>
        )}
      </section>

      <section aria-labelledby="tokens-heading">
        <h2 id="tokens-heading" className="font-medium">
          Your tokens
        </h2>
        {tokens.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">No tokens yet.</p>
        ) : (
          <DataTable
            className="mt-2"
            minWidth="min-w-[52rem]"
            columns={["Name", "Token", "Access", "Created", "Last used", "Expires", ""]}
          >
            {tokens.map((t) => (
              <tr key={t.id} className="border-t border-slate-200" data-testid="token-row">
                <td className="px-3 py-2">{t.name}</td>
                <td className="px-3 py-2 font-mono">{t.prefix}…</td>
                <td className="px-3 py-2">
                  {t.scope === "read" ? "Read only" : "Read and write"}
                  <span className="block text-xs text-slate-500">{t.workspaceName}</span>
                </td>
                <td className="px-3 py-2">{formatDateTime(t.createdAt)}</td>
                <td className="px-3 py-2">{formatDateTime(t.lastUsedAt)}</td>
                <td className="px-3 py-2">{formatDateTime(t.expiresAt, "does not expire")}</td>
                <td className="px-3 py-2 text-right">
                  {t.revokedAt ? (
                    <Badge tone="red">Revoked {formatDateTime(t.revokedAt)}</Badge>
                  ) : (
                    <ConfirmDialog
                      trigger={
                        <Button size="sm" variant="ghost" aria-label={`Revoke ${t.name}`}>
                          Revoke
                        </Button>
                      }
                      title={`Revoke "${t.name}"?`}
                      description="Programs using this token will be refused from now on. This cannot be undone."
                      confirmLabel="Revoke token"
                      onConfirm={async () => {
                        await callAction(() => revokeTokenAction({ id: t.id }));
                        router.refresh();
                      }}
                    />
                  )}
                </td>
              </tr>
            ))}
          </DataTable>
        )}
      </section>
    </>
  );
}
