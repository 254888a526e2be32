// Every other not-found page (HTTP 404) in the app's own look, under the app's name: an unknown
// address, and the public page of an exam that is a draft or does not exist (/e/ID).
import { NotFoundNotice } from "@/components/ui/not-found-notice";
import { SiteHeader } from "@/components/ui/site-header";

export const metadata = { title: "Page not found" };

export default function NotFound() {
  return (
    <div className="flex min-h-screen flex-col">
      <SiteHeader home="/">{null}</SiteHeader>
      <main className="w-full flex-1 px-gutter py-6">
        <NotFoundNotice
          title="Page not found"
          text="There is nothing at this address. A shared exam page shows only while its author has the exam marked ready."
          href="/"
          linkLabel="Go to Exam Studio"
        />
      </main>
    </div>
  );
}
