// The names an author knows a request path by: `answers[1].answer` is "Answer 2",
// `exam.testing_time` is "Time limit", `question.properties.areas[0].x` is "X of area 1". Used in
// the author wording of issues that point at another field ("Answer 1 already is").

const EXAM_FIELDS: Record<string, string> = {
  title: "Title",
  code: "Code",
  category: "Category",
  type: "Type",
  check_answer: "Check Answer button",
  evaluation_method: "Evaluation method",
  passing_score: "Passing score",
  testing_questions: "Questions presented",
  testing_time: "Time limit",
  shuffle_questions: "Shuffle questions",
  shuffle_questsion: "Shuffle questions",
  shuffle_answers: "Shuffle answers",
  show_description_page: "Show the description page",
  show_standard_introduction: "Show the standard introduction",
  description: "Description",
  domains: "Blueprint",
};

const QUESTION_FIELDS: Record<string, string> = {
  question: "Question",
  explanation: "Explanation",
  points: "Points",
  external_id: "External id",
  case_study_id: "Case study",
  domain_id: "Domain",
  tags: "Tags",
};

const PROPERTY_FIELDS: Record<string, string> = {
  image: "Base image",
  text_similarity: "Similarity required",
  case_sensitive: "Case sensitive",
  text_answer: "Accepted answers",
  text_similarity_answer: "Accepted answers",
  optional_answers: "Distractors allowed",
  match: "Matches",
  correct: "Correct areas",
  points: "Points",
  options: "Options",
  areas: "Areas",
};

const DOMAIN_FIELDS: Record<string, string> = { code: "Code", name: "Name", weight: "Weight", id: "Code" };

const AREA_FIELDS: Record<string, string> = {
  x: "X",
  y: "Y",
  width: "Width",
  height: "Height",
  id: "Id",
  type: "Kind",
};

/**
 * The author's name of the field at `path`, or null when it names none the author would know.
 * `areaIds` turns an area's index into its id ("Area block-2") when the caller knows them.
 */
export function fieldName(path: string, areaIds: readonly string[] = []): string | null {
  let m = /^answers\[(\d+)\]/.exec(path);
  if (m) return `Answer ${Number(m[1]) + 1}`;
  // The readiness check's path of a question: its place in the exam, which numbers it.
  m = /^questions\[(\d+)\]$/.exec(path);
  if (m) return `Question ${Number(m[1]) + 1}`;
  m = /^question\.properties\.areas\[(\d+)\](?:\.([a-z]+))?/.exec(path);
  if (m) {
    const index = Number(m[1]);
    const id = areaIds[index] ?? String(index + 1);
    return m[2] && AREA_FIELDS[m[2]] ? `${AREA_FIELDS[m[2]]} of area ${id}` : `Area ${id}`;
  }
  m = /^question\.tags\[(\d+)\]/.exec(path);
  if (m) return `Tag ${Number(m[1]) + 1}`;
  m = /^exam\.domains\[(\d+)\](?:\.([a-z]+))?/.exec(path);
  if (m) return `${m[2] && DOMAIN_FIELDS[m[2]] ? `${DOMAIN_FIELDS[m[2]]} of domain` : "Domain"} ${Number(m[1]) + 1}`;
  m = /^question\.properties\.text_answer\[(\d+)\]/.exec(path);
  if (m) return `Accepted answer ${Number(m[1]) + 1}`;
  m = /^question\.properties\.(?:match|correct|points)\.([a-z]+-\d+)/.exec(path);
  if (m) return `Area ${m[1]}`;
  m = /^question\.properties\.([a-z_]+)/.exec(path);
  if (m) return PROPERTY_FIELDS[m[1]!] ?? null;
  m = /^question\.([a-z_]+)/.exec(path);
  if (m) return QUESTION_FIELDS[m[1]!] ?? null;
  m = /^(?:exam|case_study)\.([a-z_]+)/.exec(path);
  if (m) return m[1] === "name" ? "Name" : (EXAM_FIELDS[m[1]!] ?? null);
  // A file of a question or a package (`resources["img/a.png"]`): named, so that an import of many
  // files says which one.
  m = /^resources\[("(?:[^"\\]|\\.)*")\]/.exec(path);
  if (m) return `File “${JSON.parse(m[1]!) as string}”`;
  if (path.startsWith("resources")) return "An uploaded file";
  return null;
}
