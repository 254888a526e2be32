// The public page's data: a ready exam (any owner) and what its social preview shows.
import "server-only";
import { notFound } from "next/navigation";
import { connection } from "next/server";
import { cache } from "react";
import { getAppContext } from "@/server/app-context";
import { examToApi, getReadyExam } from "@/server/data/exams";
import { idFromParam } from "@/server/web/read";

/** The ready exam of the URL, or the 404 page (drafts are never public). One read per request. */
export const loadPublicExam = cache(async (raw: string) => {
  // Rendered per request, never kept from an earlier one: an exam moved back to draft is at
  // once no longer public.
  await connection();
  const { db } = await getAppContext();
  const row = await getReadyExam(db, idFromParam(raw));
  if (!row) notFound();
  return examToApi(row);
});

/**
 * The first stored image in HTML (cleaned by the policy: double-quoted attributes), as a path of
 * this site, or null. Stored HTML refers to media only by `/media/…` paths (contract 8.5).
 */
export function firstImage(html: string): string | null {
  const match = /<img\b[^>]*?\ssrc="(\/media\/[^"]+)"/i.exec(html);
  return match ? match[1]!.replace(/&amp;/g, "&") : null;
}
