import { Suspense } from "react";
import { AuthForm } from "@/components/account/auth-form";

export const metadata = { title: "Sign in" };

export default function SignInPage() {
  return (
    <>
      <h1 className="mb-5 text-xl font-semibold">Sign in</h1>
      <Suspense>
        <AuthForm mode="sign-in" />
      </Suspense>
    </>
  );
}
