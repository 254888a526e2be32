// The blueprint in Moodle XML (contract 15.3): each domain a `category` question
// (`$course$/top/CODE NAME`, the code its idnumber) before its questions, the questions without a
// domain after a category named after the exam (marked by its description), tags in `<tags>`;
// imported, the categories are domains of weight 0 and `<tags>` (and `<coursetags>`) tags. A
// file laid out as Moodle 4 writes one, with nested categories and tags, gives its domains and
// tags; an export imported back keeps the domains by code, each question's domain and tags, and
// the exam's order; the weights are said lost.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { NO_DOMAIN_INFO } from "./categories";
import { exportMoodleXml } from "./moodle-export";
import { parseMoodleXml } from "./moodle-import";
import type { ContentQuestion, ExamContent, ImportPlan } from "./types";

const FIXTURE = path.join(__dirname, "../../tests/fixtures/import/moodle-categories-tags.xml");

function planOf(bytes: Uint8Array): ImportPlan {
  const result = parseMoodleXml(bytes, { maxItems: 100 });
  if (!result.ok) throw new Error(JSON.stringify(result.issues));
  return result.plan;
}

function choice(id: number, domain: string | null, tags: string[]): ContentQuestion {
  return {
    id,
    type: 1,
    question: `<p>Question ${id}</p>`,
    explanation: "",
    external_id: `Q-${id}`,
    points: 1,
    case_study_id: null,
    properties: {},
    answers: [
      { answer: "<p>Yes</p>", is_correct: true, order: 1, points: 0, old_id: null },
      { answer: "<p>No</p>", is_correct: false, order: 2, points: 0, old_id: null },
    ],
    domain,
    tags,
  };
}

function exam(questions: ContentQuestion[], domains: ExamContent["domains"]): ExamContent {
  return {
    exam: {
      type: 2,
      check_answer: 0,
      title: "Networking / basics",
      category: "IT",
      code: "NET-1",
      shuffle_questsion: false,
      shuffle_answers: false,
      testing: { auto: true, locked_questions: 0, time_mode: "rate", fixed_time: 0 },
      evaluation_method: 1,
      passing_score: 70,
      show_description_page: false,
      show_standard_introduction: true,
      description: "",
    },
    caseStudies: [],
    domains,
    questions,
    media: new Map(),
  };
}

const BLUEPRINT = [
  { code: "1.0", name: "Network Fundamentals", weight: 60 },
  { code: "SEC", name: "Security / Access", weight: 40 },
  { code: "3", name: "Empty", weight: 0 },
];

/** The category questions of a file: path, description and idnumber, in order. */
function categories(xml: string): [string, string, string][] {
  return [
    ...xml.matchAll(
      /<question type="category"><category><text>([^<]*)<\/text><\/category><info format="plain_text">(?:<text>([^<]*)<\/text>|<text\/>)<\/info><idnumber>([^<]*)<\/idnumber>|<question type="category"><category><text>([^<]*)<\/text><\/category><info format="plain_text">(?:<text>([^<]*)<\/text>|<text\/>)<\/info><idnumber\/>/g,
    ),
  ].map((m) => [m[1] ?? m[4]!, m[2] ?? m[5] ?? "", m[3] ?? ""]);
}

/** The category and question elements of a file in order: a category by its path, a question by its idnumber. */
function sequence(xml: string): string[] {
  return [...xml.matchAll(/<category><text>([^<]*)<\/text>|<idnumber>(Q-[^<]*)<\/idnumber>/g)].map(
    (m) => m[1] ?? m[2]!,
  );
}

describe("Moodle XML export of an exam with a blueprint", () => {
  const content = exam(
    [choice(1, "1.0", ["ports", "TLS"]), choice(2, "SEC", []), choice(3, null, ["dns"]), choice(4, "1.0", [])],
    BLUEPRINT,
  );
  const result = exportMoodleXml(content);
  const xml = new TextDecoder().decode(result.file.bytes);

  it("writes every domain's category first when the exam's order would not name them in the blueprint's order, then a category wherever the domain changes", () => {
    expect(sequence(xml)).toEqual([
      "$course$/top/1.0 Network Fundamentals",
      "$course$/top/SEC Security // Access",
      "$course$/top/3 Empty",
      "$course$/top/1.0 Network Fundamentals",
      "Q-1",
      "$course$/top/SEC Security // Access",
      "Q-2",
      "$course$/top/Networking // basics",
      "Q-3",
      "$course$/top/1.0 Network Fundamentals",
      "Q-4",
    ]);
    expect(categories(xml).slice(0, 3)).toEqual([
      ["$course$/top/1.0 Network Fundamentals", "", "1.0"],
      ["$course$/top/SEC Security // Access", "", "SEC"],
      ["$course$/top/3 Empty", "", "3"],
    ]);
    expect(categories(xml)).toContainEqual(["$course$/top/Networking // basics", NO_DOMAIN_INFO, ""]);
  });

  it("writes the tags as Moodle does, <tags><tag><text>", () => {
    expect(xml).toContain("<tags><tag><text>ports</text></tag><tag><text>TLS</text></tag></tags>");
    expect(xml.match(/<tags>/g)?.length).toBe(2);
  });

  it("says the weights are lost; every question is lossless", () => {
    expect(result.report.items.map((i) => i.fidelity)).toEqual(["lossless", "lossless", "lossless", "lossless"]);
    expect(result.report.notes).toContain(
      "Moodle XML has no blueprint weights: each domain is a category ($course$/top/CODE NAME, its code also the category's idnumber), without its weight (1.0: 60 %, SEC: 40 %, 3: 0 %); imported back as a new exam every domain has weight 0",
    );
  });

  it("imported back: the domains by code with weight 0, each question in its domain with its tags, in the exam's order", () => {
    const plan = planOf(result.file.bytes);
    expect(plan.domains?.map((d) => [d.code, d.name, d.weight])).toEqual([
      ["1.0", "Network Fundamentals", 0],
      ["SEC", "Security / Access", 0],
      ["3", "Empty", 0],
    ]);
    expect(plan.addMissingDomains).toBe(true);
    expect(plan.items.map((i) => [i.params?.question.external_id, i.domain, i.params?.question.tags])).toEqual([
      ["Q-1", "1.0", ["ports", "TLS"]],
      ["Q-2", "SEC", undefined],
      ["Q-3", null, ["dns"]],
      ["Q-4", "1.0", undefined],
    ]);
    expect(plan.warnings).toEqual([]);
  });

  it("names each domain's category once when the exam's questions are in the blueprint's order", () => {
    const grouped = exam(
      [choice(1, "1.0", []), choice(2, "1.0", []), choice(3, "SEC", []), choice(4, null, [])],
      [BLUEPRINT[0]!, BLUEPRINT[1]!],
    );
    expect(sequence(new TextDecoder().decode(exportMoodleXml(grouped).file.bytes))).toEqual([
      "$course$/top/1.0 Network Fundamentals",
      "Q-1",
      "Q-2",
      "$course$/top/SEC Security // Access",
      "Q-3",
      "$course$/top/Networking // basics",
      "Q-4",
    ]);
  });

  it("an exam without a blueprint: one category of the exam, whose questions import without a domain", () => {
    const plain = exportMoodleXml(exam([choice(1, null, []), choice(2, null, [])], []));
    const text = new TextDecoder().decode(plain.file.bytes);
    expect(sequence(text)).toEqual(["$course$/top/Networking // basics", "Q-1", "Q-2"]);
    expect(plain.report.notes.some((n) => n.includes("weights"))).toBe(false);
    const plan = planOf(plain.file.bytes);
    expect(plan.domains).toEqual([]);
    expect(plan.items.map((i) => i.domain)).toEqual([null, null]);
  });
});

describe("a Moodle XML file laid out as Moodle 4 writes it, with nested categories and tags", () => {
  const plan = planOf(readFileSync(FIXTURE));

  it("makes the categories that hold questions, or have an idnumber, domains; the empty parent is none", () => {
    expect(plan.domains).toEqual([
      {
        code: "1.0",
        name: "Network Fundamentals",
        weight: 0,
        aliases: ["Default for NET101/1.0 Network Fundamentals", "1.0 Network Fundamentals"],
      },
      { code: "Security", name: "Security", weight: 0, aliases: ["Default for NET101/Security", "Security"] },
    ]);
    expect(plan.warnings).toEqual([]);
  });

  it("puts each question into its category's domain, with its tags and course tags", () => {
    expect(plan.items.map((i) => [i.ref, i.params?.question.external_id, i.domain, i.params?.question.tags])).toEqual([
      ['question "HTTPS port" at line 26', "NET-1", "1.0", ["ports", "TLS", "NET101"]],
      ['question "Stateful firewall" at line 90', "NET-2", "Security", ["firewalls"]],
      ['question "VPN protocol" at line 123', "NET-3", "Security", undefined],
    ]);
  });

  it("repairs tags a question cannot hold, warning at the item", () => {
    const many = Array.from({ length: 21 }, (_, i) => `<tag><text>t${i + 1}</text></tag>`).join("");
    const text = readFileSync(FIXTURE, "utf8").replace(
      "<tag><text>firewalls</text>",
      `${many}<tag><text>${"f".repeat(60)}</text>`,
    );
    const item = planOf(new TextEncoder().encode(text)).items[1]!;
    expect(item.params?.question.tags).toEqual(Array.from({ length: 20 }, (_, i) => `t${i + 1}`));
    expect(item.warnings).toEqual([
      `its tag "${"f".repeat(60)}" is longer than 50 characters, the most a tag has: it was cut to "${"f".repeat(50)}"`,
      `it has 22 tags, and a question has at most 20: the first 20 were kept, "t21", "${"f".repeat(50)}" left out`,
    ]);
  });
});
