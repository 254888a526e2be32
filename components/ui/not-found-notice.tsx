// The body of every not-found page (HTTP 404): what was not found, why that may be, and a way on.
// One look for the studio's pages and the public ones.
import Link from "next/link";
import { buttonClass } from "./button";

export function NotFoundNotice({
  title,
  text,
  href,
  linkLabel,
}: {
  title: string;
  text: string;
  href: string;
  linkLabel: string;
}) {
  return (
    <div className="mx-auto mt-12 max-w-md rounded-lg border border-slate-200 bg-white px-6 py-10 text-center">
      <p className="text-sm font-medium text-slate-500">404</p>
      <h1 className="mt-1 text-xl font-semibold">{title}</h1>
      <p className="mt-2 text-sm text-slate-600">{text}</p>
      <Link href={href} className={buttonClass("primary", "md", "mt-6")}>
        {linkLabel}
      </Link>
    </div>
  );
}
