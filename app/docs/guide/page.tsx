// /docs/guide: the index of the API guide (docs/api/README.md), static and public.
import { GuidePage } from "@/components/api-docs/guide-page";
import { guidePages, renderGuidePage } from "@/server/docs/guide";

export const dynamic = "force-static";
export const metadata = {
  title: "API guide",
  description: "What the Exam Studio API promises: envelope, errors, authentication, every rule, limits and history.",
};

export default function GuideIndexPage() {
  const pages = guidePages();
  const page = pages[0]!;
  return <GuidePage page={page} pages={pages} html={renderGuidePage(page)} />;
}
