// The bar at the top of every page with the app's name: the studio fills it with its navigation
// and the signed-in author, the public API reference with its own links. On a phone the bar
// takes two rows (the name and `end` above, `children` below) so nothing runs off the screen.
import Link from "next/link";
import type { ReactNode } from "react";

export function SiteHeader({ home, children, end }: { home: string; children: ReactNode; end?: ReactNode }) {
  return (
    // Not printed: a printed page (the preview's result) needs none of the app's navigation.
    <header className="border-b border-slate-200 bg-white print:hidden">
      <div className="mx-auto grid max-w-7xl grid-cols-[auto_minmax(0,1fr)] items-center gap-x-6 gap-y-2 px-gutter py-3 sm:flex sm:h-14 sm:py-0">
        <Link href={home} className="font-semibold whitespace-nowrap text-slate-900">
          Exam Studio
        </Link>
        <div className="col-span-2 row-start-2 sm:flex-none">{children}</div>
        {/* min-w-0: the author's address gives way (truncated) before anything leaves the bar. */}
        <div className="flex min-w-0 items-center justify-end gap-3 text-sm text-slate-600 sm:ml-auto">{end}</div>
      </div>
    </header>
  );
}

/** A link in the header's navigation. */
export function SiteHeaderLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Link href={href} className="whitespace-nowrap text-slate-600 hover:text-slate-900">
      {children}
    </Link>
  );
}
