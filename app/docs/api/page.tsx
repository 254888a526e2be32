// The API reference, built at build time from the registered operations and the schemas that
// validate their params (server/docs/). A method added to OPERATIONS appears here by itself.
import Link from "next/link";
import { SiteHeader, SiteHeaderLink } from "@/components/ui/site-header";
import { ErrorCodeTable } from "@/components/api-docs/error-code-table";
import { FieldTable } from "@/components/api-docs/field-table";
import { MethodSection } from "@/components/api-docs/method-section";
import { Overview } from "@/components/api-docs/overview";
import { methodDocs, propertiesDocs } from "@/server/docs/reference";
import { OPERATIONS } from "@/server/rpc/registry";

export const dynamic = "force-static";
export const metadata = {
  title: "API reference",
  description: "The JSON-RPC API of Exam Studio: every method, its params and their rules.",
};

/** A contents link: a whole row at least 24 px high, so it is easy to hit (WCAG 2.5.8). */
const TOC_LINK = "flex min-h-6 items-center text-slate-700 hover:text-brand-700";

export default function ApiReferencePage() {
  const methods = methodDocs(OPERATIONS);
  const properties = propertiesDocs();
  return (
    <div className="flex min-h-screen flex-col">
      <SiteHeader
        home="/"
        end={
          <nav aria-label="Site" className="flex items-center gap-4">
            <SiteHeaderLink href="/docs/guide">Guide</SiteHeaderLink>
            {/* A plain link: the JSON is a route, not a page to prefetch. */}
            <a href="/docs/api/schema.json" className="text-slate-600 hover:text-slate-900">
              schema.json
            </a>
            <SiteHeaderLink href="/exams">Studio</SiteHeaderLink>
          </nav>
        }
      >
        <span className="text-sm text-slate-600">API reference</span>
      </SiteHeader>
      <div className="mx-auto grid w-full max-w-7xl flex-1 gap-10 px-gutter py-8 lg:grid-cols-[15rem_minmax(0,1fr)]">
        <nav
          aria-label="Contents"
          className="text-sm lg:sticky lg:top-6 lg:max-h-[calc(100vh-3rem)] lg:self-start lg:overflow-y-auto"
        >
          <ul>
            <li>
              <a href="#overview" className={TOC_LINK}>
                Overview
              </a>
            </li>
            <li>
              <a href="#errors" className={TOC_LINK}>
                Error codes
              </a>
            </li>
            <li>
              <a href="#methods" className={TOC_LINK}>
                Methods
              </a>
            </li>
          </ul>
          <ul className="border-l border-slate-200 pl-3" data-testid="method-index">
            {methods.map((m) => (
              <li key={m.method}>
                <a href={`#${m.anchor}`} className={`${TOC_LINK} font-mono text-xs`}>
                  {m.method}
                </a>
              </li>
            ))}
          </ul>
          <ul>
            <li>
              <a href="#properties" className={TOC_LINK}>
                Question properties
              </a>
            </li>
          </ul>
        </nav>

        <main className="min-w-0 space-y-12">
          <section id="overview" aria-labelledby="overview-title" className="scroll-mt-6">
            <h1 id="overview-title" className="text-3xl font-semibold">
              API reference
            </h1>
            <p className="mt-2 mb-6 text-slate-600">
              Generated from the schemas that validate the calls. The same description is served as JSON Schema at{" "}
              <a href="/docs/api/schema.json" className="text-brand-700 underline">
                /docs/api/schema.json
              </a>
              . What the API promises beyond each field (errors, authentication, the rules of every question type,
              automatic testing values, status, media, HTML, limits, concurrency and history) is in the{" "}
              <Link href="/docs/guide" className="text-brand-700 underline">
                API guide
              </Link>
              .
            </p>
            <Overview />
          </section>

          <section id="errors" aria-labelledby="errors-title" className="scroll-mt-6">
            <h2 id="errors-title" className="mb-3 text-xl font-semibold">
              Error codes
            </h2>
            <ErrorCodeTable />
          </section>

          <section id="methods" aria-labelledby="methods-title" className="scroll-mt-6 space-y-8">
            <h2 id="methods-title" className="text-xl font-semibold">
              Methods
            </h2>
            {methods.map((m) => (
              <MethodSection key={m.method} doc={m} />
            ))}
          </section>

          <section id="properties" aria-labelledby="properties-title" className="scroll-mt-6 space-y-6">
            <div>
              <h2 id="properties-title" className="text-xl font-semibold">
                Question properties
              </h2>
              <p className="mt-1 text-slate-600">
                What <code className="rounded bg-slate-100 px-1 font-mono text-[0.85em]">question.properties</code>{" "}
                holds, per question type, in exam.questionCreate and exam.questionUpdate. The rules between fields (ids
                unique, matches that exist, areas inside the image) are checked too, and reported at these paths.
              </p>
            </div>
            {properties.map((p) => (
              <div key={p.types.join()}>
                <h3 className="mb-2 font-semibold text-slate-900">
                  {p.types.map((t, i) => `${t} ${p.names[i]}`).join(", ")}
                </h3>
                {p.rows.length > 0 ? (
                  <FieldTable rows={p.rows} caption={`question.properties of type ${p.types.join(" and ")}`} />
                ) : (
                  <p className="text-sm text-slate-600">No properties (send an empty object or leave it out).</p>
                )}
              </div>
            ))}
          </section>
        </main>
      </div>
    </div>
  );
}
