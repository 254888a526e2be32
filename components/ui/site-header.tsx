// The bar at the top of every page with the app's name: the studio fills it with its navigation
// and the signed-in author, the public API reference with its own links.
import Link from "next/link";
import type { ReactNode } from "react";

export function SiteHeader({ home, children }: { home: string; children: ReactNode }) {
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex h-14 max-w-7xl items-center gap-6 px-6">
        <Link href={home} className="font-semibold text-slate-900">
          Exam Studio
        </Link>
        {children}
      </div>
    </header>
  );
}

/** A link in the header's navigation. */
export function SiteHeaderLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Link href={href} className="text-slate-600 hover:text-slate-900">
      {children}
    </Link>
  );
}
