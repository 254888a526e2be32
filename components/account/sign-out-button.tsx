import { Button } from "../ui/button";

/** A form, not a script: see app/sign-out/route.ts. */
export function SignOutButton() {
  return (
    <form method="post" action="/sign-out">
      <Button type="submit" variant="ghost" size="sm">
        Sign out
      </Button>
    </form>
  );
}
