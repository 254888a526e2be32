// The `qti-assessment-test` and the `qti-assessment-stimulus` files of a qti3 export (contract
// 13.1.2): the test lists the items in the exam's order in one section (with a blueprint, in one
// section per domain within it: qti3-sections.ts), with `qti-selection` (testing_questions, when
// fewer than all), `qti-ordering` (shuffle_questsion) and
// `qti-time-limits` (testing_time in seconds; none when 0); its outcome processing sums the items'
// SCORE and MAXSCORE and computes PERCENT by the evaluation method (1/3: fully correct items of
// those presented; 2/4: points of the maximum) and, for methods 1 and 2, PASS against
// passing_score. The exam's description is a candidate rubric block; every setting QTI has no
// place for is kept, as JSON, in the `data-es-exam` attribute of an author rubric block, which
// only our import reads. Pure.
import { recomputeTesting } from "../domain/testing";
import { isPassFail, scoresByPoints } from "../domain/evaluation";
import { CORRECT, e, MAXSCORE, qtiRootAttributes, SCORE, TOOL_NAME, TOOL_VERSION } from "./qti3-common";
import { htmlToQti } from "./qti3-html";
import { sectionsXml, type SectionDomain, type SectionItem } from "./qti3-sections";
import type { ExamSettings } from "./types";
import { XML_DECLARATION, xmlAttr, xmlElement } from "./xml-write";

export const PERCENT = "PERCENT";
export const PASS = "PASS";
export const SETTINGS_USE = "ext:exam-studio-settings";
export const TEST_PART = "part-1";

/** The settings kept in data-es-exam (all but the title, which is the test's, and the description). */
export type StoredSettings = Omit<ExamSettings, "title" | "description">;

export interface TestInput {
  identifier: string;
  exam: ExamSettings;
  /** In the exam's order. */
  items: SectionItem[];
  /** The blueprint with each domain's section identifier; empty: none. */
  domains: SectionDomain[];
  /** The identifier of the section of the items without a domain. */
  unassigned: string;
  /** A stored media path → its path relative to the test file. */
  href(path: string): string | null;
}

const outcome = (identifier: string, baseType: string, value: string) =>
  xmlElement(
    "qti-outcome-declaration",
    { identifier, cardinality: "single", "base-type": baseType },
    xmlElement("qti-default-value", {}, xmlElement("qti-value", {}, value)),
  );

/** The sum of an item variable over the presented items; base-type filters by the variable's type (SCORE, MAXSCORE float, CORRECT integer). */
const sumOf = (identifier: string, baseType = "float") =>
  xmlElement("qti-test-variables", { "variable-identifier": identifier, "base-type": baseType });

function outcomeIf(condition: string, then: string, otherwise: string): string {
  return xmlElement(
    "qti-outcome-condition",
    {},
    xmlElement("qti-outcome-if", {}, condition, then),
    xmlElement("qti-outcome-else", {}, otherwise),
  );
}

function outcomeProcessing(exam: ExamSettings): string {
  const byPoints = scoresByPoints(exam.evaluation_method);
  const ratio = byPoints
    ? outcomeIf(
        xmlElement("qti-gt", {}, e.variable(MAXSCORE), e.float(0)),
        e.set(
          PERCENT,
          xmlElement(
            "qti-product",
            {},
            e.float(100),
            xmlElement("qti-divide", {}, e.variable(SCORE), e.variable(MAXSCORE)),
          ),
        ),
        e.set(PERCENT, e.float(0)),
      )
    : outcomeIf(
        xmlElement("qti-gt", {}, xmlElement("qti-number-presented", {}), e.integer(0)),
        e.set(
          PERCENT,
          xmlElement(
            "qti-product",
            {},
            e.float(100),
            xmlElement("qti-divide", {}, sumOf(CORRECT, "integer"), xmlElement("qti-number-presented", {})),
          ),
        ),
        e.set(PERCENT, e.float(0)),
      );
  // Penalties can take the points below 0; the percentage stops at 0 (exam-result.ts).
  const clamp = xmlElement(
    "qti-outcome-condition",
    {},
    xmlElement(
      "qti-outcome-if",
      {},
      xmlElement("qti-lt", {}, e.variable(PERCENT), e.float(0)),
      e.set(PERCENT, e.float(0)),
    ),
  );
  const pass = isPassFail(exam.evaluation_method)
    ? e.set(PASS, xmlElement("qti-gte", {}, e.variable(PERCENT), e.float(exam.passing_score ?? 0)))
    : "";
  return xmlElement(
    "qti-outcome-processing",
    {},
    e.set(SCORE, sumOf(SCORE)),
    e.set(MAXSCORE, sumOf(MAXSCORE)),
    ratio,
    clamp,
    pass,
  );
}

/** The test's XML. */
export function testXml(input: TestInput): { xml: string; notes: string[] } {
  const { exam } = input;
  const notes: string[] = [];
  const effective = recomputeTesting(
    {
      auto: exam.testing.auto,
      lockedQuestions: exam.testing.locked_questions,
      timeMode: exam.testing.time_mode,
      fixedTime: exam.testing.fixed_time,
    },
    input.items.length,
  ).effective;
  const stored: StoredSettings = {
    type: exam.type,
    check_answer: exam.check_answer,
    category: exam.category,
    code: exam.code,
    shuffle_questsion: exam.shuffle_questsion,
    shuffle_answers: exam.shuffle_answers,
    testing: exam.testing,
    evaluation_method: exam.evaluation_method,
    passing_score: exam.passing_score,
    show_description_page: exam.show_description_page,
    show_standard_introduction: exam.show_standard_introduction,
  };
  const outcomes = [
    outcome(SCORE, "float", "0"),
    outcome(MAXSCORE, "float", "0"),
    outcome(PERCENT, "float", "0"),
    isPassFail(exam.evaluation_method) ? outcome(PASS, "boolean", "false") : "",
  ].join("");
  const timeLimits =
    effective.time > 0 ? xmlElement("qti-time-limits", { "max-time": String(effective.time * 60) }) : "";
  const settingsBlock = xmlElement(
    "qti-rubric-block",
    { use: SETTINGS_USE, view: "author", "data-es-exam": JSON.stringify(stored) },
    xmlElement(
      "qti-content-body",
      {},
      xmlElement(
        "p",
        {},
        "Exam Studio's settings of this exam (category, code, type, evaluation method, …), read back by Exam Studio's import.",
      ),
    ),
  );
  let description = "";
  if (exam.description.trim() !== "") {
    const html = htmlToQti(exam.description, (p) => input.href(p));
    notes.push(...html.notes.map((n) => `the description: ${n}`));
    description = xmlElement(
      "qti-rubric-block",
      { use: "instructions", view: "candidate", "data-es-role": "description" },
      xmlElement("qti-content-body", {}, `<div>${html.xml}</div>`),
    );
  }
  const sections = sectionsXml({
    title: exam.title,
    shuffle: exam.shuffle_questsion,
    presented: effective.questions,
    items: input.items,
    domains: input.domains,
    unassigned: input.unassigned,
  });
  notes.push(...sections.notes);
  const part = xmlElement(
    "qti-test-part",
    { identifier: TEST_PART, "navigation-mode": "nonlinear", "submission-mode": "simultaneous" },
    sections.xml,
  );
  const xml =
    XML_DECLARATION +
    xmlElement(
      "qti-assessment-test",
      {
        ...qtiRootAttributes(),
        identifier: input.identifier,
        title: exam.title,
        "tool-name": TOOL_NAME,
        "tool-version": TOOL_VERSION,
      },
      outcomes,
      timeLimits,
      settingsBlock,
      description,
      part,
      outcomeProcessing(exam),
    ) +
    "\n";
  return { xml, notes };
}

/** A case study's `qti-assessment-stimulus`. */
export function stimulusXml(
  identifier: string,
  name: string,
  description: string,
  href: (path: string) => string | null,
): { xml: string; notes: string[] } {
  const html = htmlToQti(description, href);
  const xml =
    XML_DECLARATION +
    xmlElement(
      "qti-assessment-stimulus",
      { ...qtiRootAttributes(), identifier, title: name, "tool-name": TOOL_NAME, "tool-version": TOOL_VERSION },
      xmlElement(
        "qti-stimulus-body",
        {},
        `<div data-es-role="case-study" data-es-name="${xmlAttr(name)}">${html.xml}</div>`,
      ),
    ) +
    "\n";
  return { xml, notes: html.notes };
}
