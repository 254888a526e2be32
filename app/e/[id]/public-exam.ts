// The public page's data: a ready exam (any owner) and what its social preview shows.
import "server-only";
import { notFound } from "next/navigation";
import { headers } from "next/headers";
import { cache } from "react";
import { getAppContext } from "@/server/app-context";
import { examToApi, getReadyExam } from "@/server/data/exams";
import { idFromParam } from "@/server/web/read";

/** The ready exam of the URL, or the 404 page (drafts are never public). One read per request. */
export const loadPublicExam = cache(async (raw: string) => {
  const { db } = await getAppContext();
  const row = await getReadyExam(db, idFromParam(raw));
  if (!row) notFound();
  return examToApi(row);
});

/** The `src` of the first image in stored HTML (cleaned by the policy: double-quoted attributes). */
export function firstImage(html: string): string | null {
  const match = /<img\b[^>]*?\ssrc="([^"]+)"/i.exec(html);
  return match ? match[1]!.replace(/&amp;/g, "&") : null;
}

/** The site's own origin as the request reached it (social previews need absolute URLs). */
export async function requestOrigin(): Promise<string> {
  const h = await headers();
  const host = h.get("x-forwarded-host") ?? h.get("host") ?? "localhost";
  const proto = h.get("x-forwarded-proto") ?? "http";
  return `${proto.split(",")[0]!.trim()}://${host.split(",")[0]!.trim()}`;
}
