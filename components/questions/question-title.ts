// What the app titles a question by: its number in its exam ("Question 8"), never its database
// id (that stays in URLs and the API). Pure, for server pages and client components alike.

/** "Question 8"; `number` undefined: a question that is no longer in the exam, so has no number. */
export function questionTitle(number: number | undefined): string {
  return number === undefined ? "Question no longer in this exam" : `Question ${number}`;
}
