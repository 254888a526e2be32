// Why a file holds no question the import can store, in an author's words, for the import
// dialog: a file of categories alone (contract 13.3, GIFT and Moodle XML), an empty sheet (a CSV
// or XLSX template's header alone, or with its row of notes), or one whose every item is of a
// kind the studio cannot represent (an essay, a description, several gaps) or breaks a rule of
// the studio. The details (the file's warning, each item's kind or problem) are shown below this
// sentence; it says which of them to read. Pure.

/** An item of a dry run: its type is null when the studio cannot represent its kind. */
interface PlannedItem {
  type: number | null;
}

const questions = (n: number) => (n === 1 ? "1 question" : `${n} questions`);

/**
 * The headline and the reason when no item of the dry run can be imported (`invalid`: the indexes
 * of the items that break a rule); null when at least one can.
 */
export function nothingToImport(
  items: readonly PlannedItem[],
  invalid: ReadonlySet<number>,
): { title: string; reason: string } | null {
  const unsupported = items.filter((item, i) => item.type === null && !invalid.has(i)).length;
  const breaking = items.filter((_, i) => invalid.has(i)).length;
  if (unsupported + breaking < items.length) return null;
  const title = "This file has no question that can be imported.";
  if (items.length === 0) return { title, reason: "It holds no question at all; the note below says what it holds." };
  if (breaking === 0)
    return {
      title,
      reason:
        items.length === 1
          ? "Its one question is of a kind Exam Studio cannot represent; it is listed below with its kind."
          : `Each of its ${items.length} questions is of a kind Exam Studio cannot represent; each is listed below with its kind.`,
    };
  if (unsupported === 0)
    return {
      title,
      reason:
        items.length === 1
          ? "Its one question breaks a rule of the studio; its problems are shown at it below. Fix them in the file and choose it again."
          : `Each of its ${items.length} questions breaks a rule of the studio; their problems are shown at them below. Fix them in the file and choose it again.`,
    };
  return {
    title,
    reason: `Of its ${questions(items.length)}, ${unsupported === 1 ? "1 is of a kind" : `${unsupported} are of kinds`} Exam Studio cannot represent and ${breaking === 1 ? "1 breaks" : `${breaking} break`} a rule of the studio; each is listed below with why.`,
  };
}
