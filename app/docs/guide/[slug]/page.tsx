// /docs/guide/[slug]: one page of the API guide (docs/api/<slug>.md), generated at build time
// for every file there; any other slug is the not-found page.
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { GuidePage } from "@/components/api-docs/guide-page";
import { guidePages, renderGuidePage } from "@/server/docs/guide";

export const dynamic = "force-static";
export const dynamicParams = false;

type Props = { params: Promise<{ slug: string }> };

export function generateStaticParams(): { slug: string }[] {
  return guidePages().flatMap((p) => (p.slug === null ? [] : [{ slug: p.slug }]));
}

function pageOf(slug: string) {
  return guidePages().find((p) => p.slug === slug);
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const page = pageOf((await params).slug);
  return { title: page ? `${page.title} · API guide` : "API guide" };
}

export default async function GuideSlugPage({ params }: Props) {
  const pages = guidePages();
  const page = pageOf((await params).slug);
  if (!page) notFound();
  return <GuidePage page={page} pages={pages} html={renderGuidePage(page)} />;
}
