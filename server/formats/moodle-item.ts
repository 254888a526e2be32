// One Moodle XML question on its way to an import item: what every type shares (the question
// text, general feedback, default grade, idnumber, tags and our scenarios; the feedback and hints
// that are not kept),
// the item's warnings and errors in its name. Pure.
import type { Issue } from "../errors";
import type { QuestionType } from "../schemas/question";
import { fileTags } from "./file-tags";
import { collectFiles, fieldHtml, type MoodleFiles } from "./moodle-html";
import { SCENARIOS_ELEMENT } from "./moodle-write";
import { itemPath } from "./shared";
import type { ItemParams, ItemQuestion, PlanItem } from "./types";
import { childElement, childElements, childText, textContent, type XmlElement } from "./xml-read";

export class MoodleItem {
  readonly warnings: string[] = [];
  readonly errors: Issue[] = [];
  readonly resources: Record<string, string> = {};
  readonly files: MoodleFiles;

  constructor(
    readonly element: XmlElement,
    readonly index: number,
    readonly ref: string,
  ) {
    this.files = collectFiles(element);
  }

  warn(message: string): void {
    if (!this.warnings.includes(message)) this.warnings.push(message);
  }

  error(message: string, rest = ""): void {
    this.errors.push({ code: "malformed_file", path: itemPath(this.index, rest), message: `${this.ref}: ${message}` });
  }

  /** The field's HTML, its files gathered into the item's resources. */
  html(field: XmlElement | null, where: string): string {
    const { html, resources } = fieldHtml(field, this.files, (m) => this.warn(m), where);
    Object.assign(this.resources, resources);
    return html;
  }

  /** A number element's value (e.g. `defaultgrade`), or null when absent or not a number. */
  number(local: string): number | null {
    const text = childText(this.element, local);
    if (text === null || text.trim() === "") return null;
    const n = Number(text.trim());
    return Number.isFinite(n) ? n : null;
  }

  /** The fields every type shares: question text, explanation, points, external id. */
  common(type: QuestionType): ItemQuestion {
    const q = this.element;
    const question: ItemQuestion = {
      type,
      question: this.html(childElement(q, "questiontext"), "its question text"),
    };
    const explanation = this.html(childElement(q, "generalfeedback"), "its general feedback");
    if (explanation !== "") question.explanation = explanation;
    const grade = this.number("defaultgrade");
    if (grade !== null) {
      const points = Math.round(grade);
      if (points !== grade) this.warn(`its default grade ${grade} is ${points} points here (points are whole numbers)`);
      question.points = points;
    }
    const idnumber = childText(q, "idnumber")?.trim() ?? "";
    if (idnumber !== "") question.external_id = idnumber;
    const tags = this.tags();
    if (tags !== undefined) question.tags = tags;
    const scenarios = childText(q, SCENARIOS_ELEMENT);
    if (scenarios !== null) {
      try {
        question.scenarios = JSON.parse(scenarios) as ItemQuestion["scenarios"];
      } catch {
        this.warn(`its <${SCENARIOS_ELEMENT}> is not JSON; its scenarios were left out`);
      }
    }
    const feedback = ["correctfeedback", "partiallycorrectfeedback", "incorrectfeedback"].filter((f) =>
      hasText(childElement(q, f)),
    );
    const hints = childElements(q, "hint").filter(hasText).length;
    if (feedback.length > 0 || hints > 0) {
      const parts = [
        ...(feedback.length > 0 ? ["its feedback for right, partly right and wrong answers"] : []),
        ...(hints > 0 ? [`its ${hints === 1 ? "hint" : `${hints} hints`}`] : []),
      ];
      this.warn(
        `${parts.join(" and ")} ${parts.length > 1 || hints > 1 ? "are" : "is"} not kept: a question here has one explanation (its general feedback)`,
      );
    }
    return question;
  }

  /**
   * Its tags: Moodle's `<tags>` and `<coursetags>` (the tags of the course's own tag area), each
   * `<tag><text>…</text></tag>`, repaired as fileTags says; undefined when it has neither element,
   * so that an update keeps the question's tags.
   */
  private tags(): string[] | undefined {
    const lists = [childElement(this.element, "tags"), childElement(this.element, "coursetags")].filter(
      (el) => el !== null,
    );
    if (lists.length === 0) return undefined;
    const raw = lists.flatMap((list) =>
      childElements(list, "tag").map((tag) => textContent(childElement(tag, "text") ?? tag)),
    );
    const { tags, warnings } = fileTags(raw);
    for (const w of warnings) this.warn(w);
    return tags;
  }

  /** The item, or null when errors were found. */
  done(params: ItemParams): PlanItem | null {
    if (this.errors.length > 0) return null;
    if (Object.keys(this.resources).length > 0) params.resources = { ...this.resources, ...(params.resources ?? {}) };
    return { ref: this.ref, params, caseStudy: null, warnings: this.warnings };
  }

  skipped(why: string): PlanItem {
    return { ref: this.ref, params: null, caseStudy: null, warnings: [`skipped: ${why}`] };
  }
}

/** Whether a field element holds text (its `<text>`, not its files). */
export function hasText(field: XmlElement | null): boolean {
  if (!field) return false;
  const text = childElement(field, "text");
  return (
    text !== null &&
    textContent(text)
      .replace(/<[^>]*>|&nbsp;/g, "")
      .trim() !== ""
  );
}

/** An answer's fraction (percent), or null when it is not a number. */
export function fraction(answer: XmlElement): number | null {
  const raw = (answer.attributes.fraction ?? "0").trim();
  const n = Number(raw);
  return raw !== "" && Number.isFinite(n) ? n : null;
}

/** Whether any answer has feedback text. */
export function answersHaveFeedback(answers: readonly XmlElement[]): boolean {
  return answers.some((a) => hasText(childElement(a, "feedback")));
}
