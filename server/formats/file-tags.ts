// A question's tags as a file gives them (Moodle XML `<tags>`, GIFT `[tag:…]` comments, QTI LOM
// keywords), repaired to what a question holds (contract 15.1 point 3, 13.3 point 1): trimmed,
// empty ones passed over, one too long cut to 50 characters and tags past the 20th left out, each
// repair a warning of the item. Tags that are the same without regard to case are one, as the API
// stores them. Pure.
import { normalizeTags, TAG_MAX_LENGTH, TAGS_MAX } from "../schemas/blueprint";

export function fileTags(raw: readonly string[]): { tags: string[]; warnings: string[] } {
  const warnings: string[] = [];
  const cut = raw
    .map((t) => t.trim())
    .filter((t) => t !== "")
    .map((tag) => {
      const chars = [...tag];
      if (chars.length <= TAG_MAX_LENGTH) return tag;
      const short = chars.slice(0, TAG_MAX_LENGTH).join("").trimEnd();
      warnings.push(
        `its tag ${JSON.stringify(tag)} is longer than ${TAG_MAX_LENGTH} characters, the most a tag has: it was cut to ${JSON.stringify(short)}`,
      );
      return short;
    });
  const tags = normalizeTags(cut);
  if (tags.length > TAGS_MAX) {
    const left = tags.slice(TAGS_MAX);
    warnings.push(
      `it has ${tags.length} tags, and a question has at most ${TAGS_MAX}: the first ${TAGS_MAX} were kept, ${left.map((t) => JSON.stringify(t)).join(", ")} left out`,
    );
  }
  return { tags: tags.slice(0, TAGS_MAX), warnings };
}
