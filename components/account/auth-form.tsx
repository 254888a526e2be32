"use client";
// The sign-in and sign-up form. It talks to better-auth's endpoints under /api/auth, which set
// the session cookie, then goes where the visitor was heading (?next=, only a path of this site:
// next-path.ts).
import Link from "next/link";
import { useSearchParams } from "next/navigation";
import { useState, type FormEvent } from "react";
import { Button } from "../ui/button";
import { Field, FieldMessageList, Input } from "../ui/field";
import { MIN_PASSWORD_LENGTH } from "@/server/auth/password-length";
import { nextDestination, sitePath } from "./next-path";

type Mode = "sign-in" | "sign-up";

export function AuthForm({ mode }: { mode: Mode }) {
  const params = useSearchParams();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const email = String(form.get("email") ?? "").trim();
    const password = String(form.get("password") ?? "");
    const name = String(form.get("name") ?? "").trim();
    if (mode === "sign-up" && password.length < MIN_PASSWORD_LENGTH) {
      setError(`The password must have at least ${MIN_PASSWORD_LENGTH} characters.`);
      return;
    }
    setBusy(true);
    setError(null);
    const body = mode === "sign-up" ? { email, password, name: name || email.split("@")[0] } : { email, password };
    const response = await fetch(`/api/auth/${mode}/email`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    }).catch(() => null);
    if (!response) {
      setBusy(false);
      setError("The server could not be reached. Try again.");
      return;
    }
    if (!response.ok) {
      const answer = (await response.json().catch(() => ({}))) as { message?: string };
      setBusy(false);
      setError(
        answer.message || (mode === "sign-in" ? "Wrong email or password." : "The account could not be created."),
      );
      return;
    }
    // A whole page load into the signed-in app (see sign-out-button.tsx): no client route cached
    // while signed out is reused.
    window.location.replace(nextDestination(params.get("next")));
  }

  const next = sitePath(params.get("next"));
  const other = mode === "sign-in" ? "/sign-up" : "/sign-in";
  return (
    // method="post": a press before the page's script has run must not put the password in the URL.
    <form method="post" onSubmit={submit} className="flex flex-col gap-4" noValidate={false}>
      {mode === "sign-up" && <Field label="Name">{(a) => <Input {...a} name="name" autoComplete="name" />}</Field>}
      <Field label="Email">{(a) => <Input {...a} name="email" type="email" required autoComplete="email" />}</Field>
      <Field
        label="Password"
        help={mode === "sign-up" ? `At least ${MIN_PASSWORD_LENGTH} characters, and not a common password.` : undefined}
      >
        {(a) => (
          <Input
            {...a}
            name="password"
            type="password"
            required
            autoComplete={mode === "sign-up" ? "new-password" : "current-password"}
          />
        )}
      </Field>
      <FieldMessageList errors={error ? [error] : []} />
      <Button type="submit" variant="primary" disabled={busy}>
        {mode === "sign-in" ? "Sign in" : "Create account"}
      </Button>
      <p className="text-sm text-slate-600">
        {mode === "sign-in" ? "No account yet? " : "Already have an account? "}
        <Link className="text-brand-700 underline" href={next ? `${other}?next=${encodeURIComponent(next)}` : other}>
          {mode === "sign-in" ? "Create one" : "Sign in"}
        </Link>
      </p>
    </form>
  );
}
