// One page of the API guide (docs/api/*.md rendered by server/docs/guide.ts), in the frame of
// the API reference: the same header, a contents column listing the guide's pages, the text.
import { SiteHeader, SiteHeaderLink } from "@/components/ui/site-header";
import type { GuidePage as GuidePageInfo } from "@/server/docs/guide";

// The rendered markdown is plain HTML: its look comes from these descendant rules.
const PROSE = [
  "min-w-0 max-w-4xl break-words text-slate-700 leading-relaxed",
  "[&_h1]:mb-4 [&_h1]:text-3xl [&_h1]:font-semibold [&_h1]:text-slate-900",
  "[&_h2]:mt-10 [&_h2]:mb-3 [&_h2]:scroll-mt-6 [&_h2]:text-xl [&_h2]:font-semibold [&_h2]:text-slate-900",
  "[&_h3]:mt-8 [&_h3]:mb-2 [&_h3]:scroll-mt-6 [&_h3]:font-semibold [&_h3]:text-slate-900",
  "[&_p]:my-3 [&_ul]:my-3 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:my-3 [&_ol]:list-decimal [&_ol]:pl-6 [&_li]:my-1",
  "[&_a]:text-brand-700 [&_a]:underline [&_strong]:font-semibold [&_strong]:text-slate-900",
  "[&_code]:rounded [&_code]:bg-slate-100 [&_code]:px-1 [&_code]:font-mono [&_code]:text-[0.85em] [&_code]:text-slate-900",
  "[&_pre]:my-4 [&_pre]:overflow-x-auto [&_pre]:rounded-lg [&_pre]:border [&_pre]:border-slate-200 [&_pre]:bg-slate-50 [&_pre]:p-3 [&_pre]:text-xs",
  "[&_pre_code]:bg-transparent [&_pre_code]:p-0",
  "[&_.guide-table]:my-4 [&_.guide-table]:overflow-x-auto",
  "[&_table]:w-full [&_table]:border-collapse [&_table]:text-sm",
  "[&_th]:border-b [&_th]:border-slate-300 [&_th]:px-2 [&_th]:py-1.5 [&_th]:text-left [&_th]:font-semibold [&_th]:text-slate-900",
  "[&_td]:border-b [&_td]:border-slate-200 [&_td]:px-2 [&_td]:py-1.5 [&_td]:align-top",
].join(" ");

export function GuidePage({ page, pages, html }: { page: GuidePageInfo; pages: GuidePageInfo[]; html: string }) {
  return (
    <div className="flex min-h-screen flex-col">
      <SiteHeader home="/">
        <span className="hidden text-sm text-slate-600 sm:inline">API guide</span>
        <nav aria-label="Site" className="ml-auto flex items-center gap-4 text-sm">
          <SiteHeaderLink href="/docs/api">API reference</SiteHeaderLink>
          <SiteHeaderLink href="/exams">Studio</SiteHeaderLink>
        </nav>
      </SiteHeader>
      <div className="mx-auto grid w-full max-w-7xl flex-1 gap-10 px-6 py-8 lg:grid-cols-[15rem_minmax(0,1fr)]">
        <nav aria-label="Guide" className="text-sm lg:sticky lg:top-6 lg:self-start">
          <ul data-testid="guide-index">
            {pages.map((p) => (
              <li key={p.file}>
                <a
                  href={p.href}
                  aria-current={p.file === page.file ? "page" : undefined}
                  className={`block py-1 ${p.file === page.file ? "font-semibold text-slate-900" : "text-slate-700 hover:text-slate-900"}`}
                >
                  {p.title}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        {/* The guide's own markdown from the repository, rendered at build time. */}
        <main className={PROSE} dangerouslySetInnerHTML={{ __html: html }} />
      </div>
    </div>
  );
}
