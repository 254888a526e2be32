// GET /templates/questions.csv: the CSV template for importing questions (docs/api/import-export.md,
// "CSV"), generated from server/formats/csv.ts so that it always matches what the import reads.
// Public: it holds example questions only.
import { csvTemplateBytes } from "@/server/formats/csv";

export const dynamic = "force-static";

export function GET(): Response {
  return new Response(csvTemplateBytes(), {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": 'attachment; filename="exam-questions-template.csv"',
      "cache-control": "public, max-age=3600",
    },
  });
}
