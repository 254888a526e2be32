import { requireAuthor } from "@/server/web/session";

export const metadata = { title: "Exams" };

export default async function ExamsPage() {
  await requireAuthor("/exams");
  return <h1 className="text-2xl font-semibold">Exams</h1>;
}
