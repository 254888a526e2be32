import { Suspense } from "react";
import { AuthForm } from "@/components/account/auth-form";

export const metadata = { title: "Create an account" };

export default function SignUpPage() {
  return (
    <>
      <h1 className="mb-5 text-xl font-semibold">Create an account</h1>
      <Suspense>
        <AuthForm mode="sign-up" />
      </Suspense>
    </>
  );
}
