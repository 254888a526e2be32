// The categories of a Moodle XML export (contract 15.3): in Moodle a category question puts the
// questions after it into that category, so each domain of the blueprint is a category question
// (`$course$/top/CODE NAME`, the code also its idnumber) before its questions, and the questions
// without a domain follow a category named after the exam, which NO_DOMAIN_INFO marks for our
// import. The questions keep the exam's order: a category is written again wherever the domain
// changes. When that order would not name every domain, in the blueprint's order, the categories
// of all domains come first, so that an empty domain and the blueprint's order are in the file
// too. Pure.
import { codeKey } from "../schemas/blueprint";
import { domainCategoryPath, examCategoryPath, NO_DOMAIN_INFO } from "./categories";
import type { FileDomain } from "./types";
import { xmlElement, xmlText } from "./xml-write";

/** A question as written, with the code of its domain (null: none). */
export interface CategorizedQuestion {
  domain: string | null;
  xml: string;
}

function categoryQuestion(path: string, info: string, idnumber: string): string {
  return `${xmlElement(
    "question",
    { type: "category" },
    xmlElement("category", {}, xmlElement("text", {}, xmlText(path))),
    xmlElement("info", { format: "plain_text" }, xmlElement("text", {}, xmlText(info))),
    xmlElement("idnumber", {}, xmlText(idnumber)),
  )}\n`;
}

const domainCategory = (d: FileDomain) => categoryQuestion(domainCategoryPath(d), "", d.code);

/** The file's questions with the category questions among them, each a piece of the quiz. */
export function withCategories(
  title: string,
  domains: readonly FileDomain[],
  questions: readonly CategorizedQuestion[],
): string[] {
  const byKey = new Map(domains.map((d) => [codeKey(d.code), d]));
  const keyOf = (q: CategorizedQuestion) =>
    q.domain !== null && byKey.has(codeKey(q.domain)) ? codeKey(q.domain) : null;
  const noDomain = categoryQuestion(examCategoryPath(title), NO_DOMAIN_INFO, "");

  const named: string[] = [];
  for (const q of questions) {
    const key = keyOf(q);
    if (key !== null && !named.includes(key)) named.push(key);
  }
  const inOrder = named.length === domains.length && domains.every((d, i) => codeKey(d.code) === named[i]);
  const out: string[] = inOrder ? [] : domains.map(domainCategory);
  let current: string | null | undefined = inOrder || domains.length === 0 ? undefined : codeKey(domains.at(-1)!.code);
  for (const q of questions) {
    const key = keyOf(q);
    if (key !== current) out.push(key === null ? noDomain : domainCategory(byKey.get(key)!));
    current = key;
    out.push(q.xml);
  }
  // An exam without questions or domains: its category, as Moodle's own export of an empty one.
  if (out.length === 0) out.push(noDomain);
  return out;
}
