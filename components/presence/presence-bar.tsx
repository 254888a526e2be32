"use client";
// Who else has this exam (or question) open right now: small avatars with names, this author's
// own other tabs last. Nothing is shown while nobody else is there.
import { presentPeople } from "./present-people";
import { usePresence } from "./use-presence";

export function PresenceBar({ examId, questionId = null }: { examId: number; questionId?: number | null }) {
  const others = usePresence(examId, questionId);
  const people = presentPeople(
    questionId === null ? others : others.filter((t) => t.questionId === questionId),
    questionId !== null,
  );
  return (
    <div
      aria-live="polite"
      data-testid="presence"
      className="flex min-h-7 flex-wrap items-center gap-2 text-sm text-slate-600"
    >
      {people.length > 0 && <span className="sr-only">Also open by:</span>}
      {people.map((p) => (
        <span key={p.key} title={p.title} className="inline-flex items-center gap-1.5" data-testid="present-person">
          {/* The initials are drawn by CSS: an avatar, not words of the line. */}
          <span
            aria-hidden
            data-initials={p.initials}
            className={`inline-flex size-6 items-center justify-center rounded-full text-[10px] font-semibold before:content-[attr(data-initials)] ${p.self ? "bg-slate-200 text-slate-700" : "bg-brand-100 text-brand-800"}`}
          />
          <span>
            <span className="font-medium text-slate-800">{p.label}</span> <span>{p.where}</span>
          </span>
        </span>
      ))}
    </div>
  );
}
