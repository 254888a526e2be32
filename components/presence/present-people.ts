// Who else has this exam or question open, as the presence bar names them: one entry per person
// (this author's own other tabs as "You"), each with where they are. Pure, so it is unit-tested.
import type { PresentTabView } from "@/server/web/presence";

export interface PresentPerson {
  key: string;
  /** "Ann Lee" (or the address when there is no name), "You". */
  label: string;
  /** Up to two letters for the avatar. */
  initials: string;
  /** "in another tab", "on question 3", "on the exam page and question 3". */
  where: string;
  /** The full line for screen readers and the tooltip. */
  title: string;
  self: boolean;
}

function initialsOf(name: string, email: string): string {
  const words = (name.trim() || email).split(/[\s@._-]+/).filter(Boolean);
  return ((words[0]?.[0] ?? "?") + (words[1]?.[0] ?? "")).toUpperCase();
}

function placesOf(tabs: PresentTabView[]): string {
  const numbers = [...new Set(tabs.map((t) => t.questionNumber).filter((n): n is number => n !== null))].sort(
    (a, b) => a - b,
  );
  const places = [
    ...(tabs.some((t) => t.questionNumber === null) ? ["the exam page"] : []),
    ...(numbers.length === 1
      ? [`question ${numbers[0]}`]
      : numbers.length > 1
        ? [`questions ${numbers.join(", ")}`]
        : []),
  ];
  return `on ${places.join(" and ")}`;
}

/**
 * The people of `tabs`, others first in the order they came, this author last. On a question's
 * page (`onQuestion`) where they are goes without saying: the same question.
 */
export function presentPeople(tabs: readonly PresentTabView[], onQuestion: boolean): PresentPerson[] {
  const byUser = new Map<string, PresentTabView[]>();
  for (const tab of tabs) byUser.set(tab.userId, [...(byUser.get(tab.userId) ?? []), tab]);
  const people = [...byUser.values()].map((own): PresentPerson => {
    const first = own[0]!;
    if (first.self) {
      const where = own.length === 1 ? "in another tab" : `in ${own.length} other tabs`;
      return {
        key: first.userId,
        label: "You",
        initials: initialsOf(first.name, first.email),
        where,
        title: `You, ${where}${onQuestion ? "" : ` (${placesOf(own)})`}`,
        self: true,
      };
    }
    const label = first.name.trim() || first.email;
    const where = onQuestion ? "here" : placesOf(own);
    return {
      key: first.userId,
      label,
      initials: initialsOf(first.name, first.email),
      where,
      title: `${label} (${first.email}), ${onQuestion ? "on this question" : where}`,
      self: false,
    };
  });
  return [...people.filter((p) => !p.self), ...people.filter((p) => p.self)];
}
