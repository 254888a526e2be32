// /e/[id]: the public page of a ready exam, for candidates and for links shared on social media.
// Its Open Graph / Twitter image is the description's first image, or a card drawn for the exam
// (./card), both as absolute URLs on the site's public origin (PUBLIC_URL). No session needed;
// a draft (or a missing exam) is the 404 page.
import type { Metadata } from "next";
import { plainText } from "@/components/questions/plain-text";
import { absoluteUrl, readSite } from "@/server/site";
import { firstImage, loadPublicExam } from "./public-exam";

interface PublicExamPageProps {
  params: Promise<{ id: string }>;
}

export async function generateMetadata({ params }: PublicExamPageProps): Promise<Metadata> {
  const exam = await loadPublicExam((await params).id);
  // On the public origin only, never the request's Host or X-Forwarded-Host: a shared cache
  // would keep whatever host one client made up for everyone.
  const site = readSite();
  const imageUrl = absoluteUrl(site, firstImage(exam.description) ?? `/e/${exam.id}/card`);
  const description =
    plainText(exam.description, 200) || `${exam.code} · ${exam.category} · ${exam.testing_questions} questions`;
  const title = `${exam.title} (${exam.code})`;
  return {
    title,
    description,
    openGraph: {
      type: "website",
      title,
      description,
      url: absoluteUrl(site, `/e/${exam.id}`),
      images: [{ url: imageUrl, alt: exam.title }],
    },
    twitter: { card: "summary_large_image", title, description, images: [imageUrl] },
  };
}

export default async function PublicExamPage({ params }: PublicExamPageProps) {
  const exam = await loadPublicExam((await params).id);
  return (
    <main className="mx-auto flex max-w-3xl flex-col gap-5 px-gutter py-12">
      <p className="text-sm font-medium tracking-wide text-brand-700 uppercase">{exam.category}</p>
      <h1 className="text-3xl font-semibold">{exam.title}</h1>
      <dl className="flex flex-wrap gap-x-6 gap-y-1 text-sm text-slate-700">
        <div className="flex gap-1.5">
          <dt className="text-slate-500">Code</dt>
          <dd className="font-mono">{exam.code}</dd>
        </div>
        <div className="flex gap-1.5">
          <dt className="text-slate-500">Questions</dt>
          <dd data-testid="public-question-count">{exam.testing_questions}</dd>
        </div>
        {exam.testing_time > 0 && (
          <div className="flex gap-1.5">
            <dt className="text-slate-500">Time</dt>
            <dd>{exam.testing_time} minutes</dd>
          </div>
        )}
      </dl>
      {exam.show_description_page && exam.description && (
        <div className="rich-text" dangerouslySetInnerHTML={{ __html: exam.description }} />
      )}
    </main>
  );
}
