// The qti3 import (contract 13.1, 13.2): a QTI 3.0 content package read as an import plan. The
// zip is read within the import limit (readZip refuses `..` and absolute entries and zip bombs),
// then the manifest; the items in the test's order (the manifest's where there is no test, or
// for items the test does not list), each read by qti3-import-item.ts; the stimuli the items refer
// to as case studies (named by their title); every other file as media. The blueprint: the
// domains of our test's sections (qti3-import-sections.ts), and each item's tags the LOM keywords
// of its resource in the manifest (contract 15.3). The test's settings:
// ours from its data-es-exam attribute, another tool's from what QTI says (title, selection,
// ordering, time limit). Problems name the file, and an item by its QTI identifier. The same
// reader reads QTI 2.x packages (qti2.ts): a dialect says which resource types are items and tests
// and translates each document into QTI 3.0's names first. Pure.
import type { Issue } from "../errors";
import { encodeBase64 } from "../media/base64";
import { archiveExam } from "./exam-json";
import { resolveHref } from "./qti3-common";
import { elementChildren, qtiToHtml } from "./qti3-html";
import { fileTags } from "./file-tags";
import { readItem } from "./qti3-import-item";
import { readSections, type TestSections } from "./qti3-import-sections";
import { MANIFEST_FILE, manifestResources, RESOURCE_TYPES, type ManifestResource } from "./qti3-manifest";
import { SETTINGS_USE } from "./qti3-test";
import { fileIssue, itemPath, resourcesFor, utf8Text } from "./shared";
import type {
  ExamSettings,
  ImportOptions,
  ImportPlan,
  ItemParams,
  ParseResult,
  PlanCaseStudy,
  PlanItem,
} from "./types";
import { childElement, childElements, readXml, type XmlElement } from "./xml-read";
import { looksLikeZip, readZip } from "./zip";

/** LIMIT_IMPORT_MB's default, for a caller that does not say. */
const DEFAULT_MAX_BYTES = 45 * 1024 * 1024;

const isXml = (name: string) => /\.xml$/i.test(name);

/** A zip whose entries include imsmanifest.xml at its root (contract 13.2.1). */
export function looksLikeQti3(bytes: Uint8Array): boolean {
  if (!looksLikeZip(bytes)) return false;
  // The central directory names every entry; a local header is enough for the first.
  const name = new TextEncoder().encode(MANIFEST_FILE);
  outer: for (let i = 0; i + name.length < bytes.length; i++) {
    for (let k = 0; k < name.length; k++) if (bytes[i + k] !== name[k]) continue outer;
    const before = bytes[i - 1];
    // Preceded by a header's fixed fields (not by a folder name and slash).
    if (before !== 0x2f) return true;
  }
  return false;
}

type Read = { ok: true; root: XmlElement } | { ok: false; issue: Issue };

/**
 * What differs between the QTI versions the package reader reads (QTI 3.0 here, 2.x in qti2.ts):
 * the manifest's resource types, and the names of the documents, which `translate` turns into
 * QTI 3.0's before the one mapping reads them.
 */
export interface QtiDialect {
  isTest: (resourceType: string) => boolean;
  isItem: (resourceType: string) => boolean;
  /** A test, item or stimulus document in QTI 3.0's names. */
  translate: (root: XmlElement) => XmlElement;
  /**
   * Whether an XML resource of another type (a vendor's own) is an item of this version, by its
   * document; asked only when the manifest lists no item by type and no test.
   */
  untypedItem?: (root: XmlElement) => boolean;
  /** Why a package whose manifest lists no item of this version cannot be read. */
  noItems: (resources: readonly ManifestResource[]) => string;
}

const QTI3_DIALECT: QtiDialect = {
  isTest: (type) => type.startsWith(RESOURCE_TYPES.test),
  isItem: (type) => type.startsWith(RESOURCE_TYPES.item),
  translate: (root) => root,
  noItems: (resources) =>
    resources.some((r) => /^imsqti_(item|test|assessment)_xmlv2/.test(r.type))
      ? "is a QTI 2.x content package; this import reads QTI 3.0 (resources of type imsqti_item_xmlv3p0): send format qti2 to read it as QTI 2.x"
      : resources.some((r) => /^imsqti_(item|test|assessment)_xmlv1/.test(r.type))
        ? "is a QTI 1.x content package; this import reads QTI 3.0 (resources of type imsqti_item_xmlv3p0) and 2.x (format qti2): convert the package first"
        : "is a content package that lists no QTI 3.0 items (resources of type imsqti_item_xmlv3p0, or a test that refers to items)",
};

function readEntry(
  entries: ReadonlyMap<string, Uint8Array>,
  name: string,
  path: string,
  what: string,
  translate: (root: XmlElement) => XmlElement = (root) => root,
): Read {
  const bytes = entries.get(name);
  if (!bytes)
    return { ok: false, issue: { code: "malformed_file", path, message: `${what}: the package has no file ${name}` } };
  const text = utf8Text(bytes);
  if (text === null)
    return { ok: false, issue: { code: "malformed_file", path, message: `${what} (${name}) is not UTF-8 text` } };
  const read = readXml(text);
  if (!read.ok)
    return {
      ok: false,
      issue: {
        code: "malformed_file",
        path,
        message: `${what} (${name}) ${read.message.startsWith("line") ? `at ${read.message}` : read.message}`,
      },
    };
  return { ok: true, root: translate(read.root) };
}

export function parseQti3(bytes: Uint8Array, options: ImportOptions): ParseResult {
  return parseQtiPackage(bytes, options, QTI3_DIALECT);
}

/** A QTI content package of the dialect's version read as an import plan. */
export function parseQtiPackage(bytes: Uint8Array, options: ImportOptions, dialect: QtiDialect): ParseResult {
  const fail = (...issues: Issue[]): ParseResult => ({ ok: false, issues });
  const zip = readZip(bytes, options.maxBytes ?? DEFAULT_MAX_BYTES);
  if (!zip.ok) return fail(fileIssue(zip.tooLarge ? "too_large" : "malformed_file", zip.message));
  const entries = zip.entries;
  const readDocument = (name: string, path: string, what: string) =>
    readEntry(entries, name, path, what, dialect.translate);
  if (!entries.has(MANIFEST_FILE))
    return fail(
      fileIssue("malformed_file", `is a zip without ${MANIFEST_FILE} at its root, so it is not a QTI content package`),
    );
  const manifest = readEntry(entries, MANIFEST_FILE, "file", "the manifest");
  if (!manifest.ok) return fail(manifest.issue);
  const resources = manifestResources(manifest.root);
  const warnings: string[] = [];

  // The test and the order of the items.
  const tests = resources.filter((r) => dialect.isTest(r.type));
  if (tests.length > 1)
    warnings.push(`the package holds ${tests.length} tests; the first, ${tests[0]!.href}, was read`);
  let test: XmlElement | null = null;
  const testFile = tests[0]?.href ?? null;
  const order: string[] = [];
  let sections: TestSections | null = null;
  if (testFile) {
    const read = readDocument(testFile, "file", "the test");
    if (!read.ok) return fail(read.issue);
    test = read.root;
    for (const ref of descendantsOf(test, "qti-assessment-item-ref")) {
      const path = ref.attributes.href ? resolveHref(testFile, ref.attributes.href) : null;
      if (path && !order.includes(path)) order.push(path);
    }
    sections = readSections(test, testFile);
    if (sections.issues.length > 0) return fail(...sections.issues);
    // Our test groups the items by domain; their places in the exam are on the refs.
    const positionOf = sections.positionOf;
    if (order.length > 0 && order.every((p) => positionOf.has(p)))
      order.sort((a, b) => positionOf.get(a)! - positionOf.get(b)!);
  }
  // Our own test says every item's domain and tags (none when it has none), as the archive does.
  const ours = test !== null && ourSettingsBlock(test) !== undefined;
  const keywordsOf = new Map(resources.map((r) => [r.href, r.keywords ?? []]));
  for (const r of resources) if (dialect.isItem(r.type) && r.href && !order.includes(r.href)) order.push(r.href);
  if (order.length === 0 && test === null && dialect.untypedItem)
    for (const r of resources) {
      const bytes = isXml(r.href) ? entries.get(r.href) : undefined;
      const text = bytes ? utf8Text(bytes) : null;
      const read = text === null ? null : readXml(text);
      if (read?.ok && dialect.untypedItem(read.root) && !order.includes(r.href)) order.push(r.href);
    }
  if (order.length === 0 && test === null) return fail(fileIssue("malformed_file", dialect.noItems(resources)));
  if (order.length > options.maxItems)
    return fail(
      fileIssue("too_many", `holds ${order.length} items; at most ${options.maxItems} can be imported at once`),
    );

  // Media: every file that is not XML, as Base64, by package path.
  const media: Record<string, string> = {};
  for (const [name, data] of entries)
    if (!isXml(name) && !name.endsWith(".css") && name !== MANIFEST_FILE) media[name] = encodeBase64(data);
  const used = new Set<string>();

  // Items.
  const issues: Issue[] = [];
  const items: PlanItem[] = [];
  const stimulusPaths: string[] = [];
  const seenIds = new Set<string>();
  order.forEach((file, index) => {
    const bytesOfItem = entries.get(file);
    const read = bytesOfItem ? readDocument(file, itemPath(index), "the item file") : null;
    if (!read) {
      issues.push({
        code: "malformed_file",
        path: itemPath(index),
        message: `item ${file}: the test or manifest lists it, but the package has no such file`,
      });
      return;
    }
    if (!read.ok) return void issues.push(read.issue);
    const root = read.root;
    const identifier = root.attributes.identifier ?? file;
    const ref = `item ${identifier} (${file})`;
    if (root.local !== "qti-assessment-item") {
      issues.push({
        code: "malformed_file",
        path: itemPath(index),
        message: `${ref} is a <${root.name}>, not a <qti-assessment-item>`,
      });
      return;
    }
    const result = readItem(root, { file, entries });
    if (result.stimulus && !stimulusPaths.includes(result.stimulus)) stimulusPaths.push(result.stimulus);
    for (const path of result.derived ?? []) used.add(path);
    if (result.question === null) {
      items.push({ ref, params: null, caseStudy: null, warnings: result.warnings });
      return;
    }
    const itemMedia = { ...media };
    for (const [path, data] of result.madeFiles ?? []) itemMedia[path] = encodeBase64(data);
    const resources = resourcesFor(itemMedia, result.html, [result.image], used);
    const keywords = keywordsOf.get(file) ?? [];
    const tags = keywords.length > 0 ? fileTags(keywords) : ours ? { tags: [], warnings: [] } : null;
    const externalId = uniqueExternalId(result.question.external_id ?? null, file, seenIds, result.warnings);
    const question = { ...result.question, external_id: externalId };
    const params: ItemParams = {
      question: tags ? { ...question, tags: tags.tags } : question,
      ...(result.answers ? { answers: result.answers } : {}),
      ...(Object.keys(resources).length > 0 ? { resources } : {}),
    };
    const domain = sections?.domainOf.get(file) ?? (ours || sections?.domains ? null : undefined);
    items.push({
      ref,
      params,
      caseStudy: result.stimulus,
      ...(domain === undefined ? {} : { domain }),
      ...(result.imageShown ? { imageShown: result.imageShown } : {}),
      warnings: [...result.warnings, ...(tags?.warnings ?? [])],
    });
  });
  if (issues.length > 0) return fail(...issues);

  // Stimuli → case studies, named by their title (ours: data-es-name).
  const caseStudies: PlanCaseStudy[] = [];
  const nameOf = new Map<string, string>();
  for (const path of stimulusPaths) {
    const read = readDocument(path, "file", `the stimulus ${path}`);
    if (!read.ok) return fail(read.issue);
    const root = read.root;
    const body = childElement(root, "qti-stimulus-body");
    const div = body ? elementChildren(body).find((el) => el.attributes["data-es-role"] === "case-study") : undefined;
    const name =
      (div?.attributes["data-es-name"] ?? root.attributes.title ?? root.attributes.identifier ?? path).trim() || path;
    const htmlWarnings: string[] = [];
    const description = body
      ? qtiToHtml(div ? div.children : body.children, {
          src: (v) => resolveHref(path, v) ?? v,
          warnings: htmlWarnings,
          trim: !div,
        })
      : "";
    warnings.push(...htmlWarnings.map((w) => `the stimulus ${path}: ${w}`));
    nameOf.set(path, name);
    caseStudies.push({
      ref: `stimulus ${root.attributes.identifier ?? path} (${path})`,
      name,
      description,
      resources: resourcesFor(media, [description], [], used),
    });
  }
  for (const item of items) if (item.caseStudy !== null) item.caseStudy = nameOf.get(item.caseStudy) ?? null;

  const exam = test ? testSettings(test, testFile!, media, used, warnings) : null;
  const unused = Object.keys(media).filter((p) => !used.has(p));
  if (unused.length > 0)
    warnings.push(
      `the package's files ${unused.map((p) => JSON.stringify(p)).join(", ")}: nothing imported refers to ${unused.length === 1 ? "it" : "them"}, so ${unused.length === 1 ? "it was" : "they were"} not stored`,
    );
  const plan: ImportPlan = {
    exam,
    caseStudies,
    ...(sections?.domains ? { domains: sections.domains } : {}),
    items,
    warnings,
  };
  return { ok: true, plan };
}

/**
 * The item's external id, unique within the package: tools that copy an example item keep its
 * identifier (QTIWorks' WebDeveloperTest1 has six items called `choice`), and an exam's external
 * ids are unique. A later item with an identifier already taken gets `identifier (file)`, which
 * its file makes unique and a re-import of the same package finds again.
 */
function uniqueExternalId(id: string | null, file: string, seen: Set<string>, warnings: string[]): string | null {
  if (id === null) return null;
  let unique = id;
  if (seen.has(id)) {
    unique = `${id} (${file})`.slice(0, 255);
    warnings.push(
      `its identifier ${JSON.stringify(id)} is also that of an earlier item of the package; its external id is ${JSON.stringify(unique)}`,
    );
  }
  seen.add(unique);
  return unique;
}

/** Exam Studio's settings block of a test (its data-es-exam), when the test is ours. */
function ourSettingsBlock(test: XmlElement): XmlElement | undefined {
  return childElements(test, "qti-rubric-block").find(
    (b) => b.attributes.use === SETTINGS_USE && b.attributes["data-es-exam"] !== undefined,
  );
}

function descendantsOf(root: XmlElement, local: string): XmlElement[] {
  const out: XmlElement[] = [];
  const walk = (el: XmlElement) => {
    if (el.local === local) out.push(el);
    for (const c of el.children) if (typeof c !== "string") walk(c);
  };
  walk(root);
  return out;
}

/** The exam settings a test holds. */
function testSettings(
  test: XmlElement,
  file: string,
  media: Record<string, string>,
  used: Set<string>,
  warnings: string[],
): ImportPlan["exam"] {
  const settings: Partial<ExamSettings> = {};
  const title = test.attributes.title?.trim();
  if (title) settings.title = title;
  const blocks = childElements(test, "qti-rubric-block");
  const ours = ourSettingsBlock(test);
  let description = "";
  const descriptionBlock =
    blocks.find((b) => b.attributes["data-es-role"] === "description") ??
    descendantsOf(test, "qti-rubric-block").find((b) => (b.attributes.view ?? "").split(/\s+/).includes("candidate"));
  if (descriptionBlock) {
    const content = childElement(descriptionBlock, "qti-content-body") ?? descriptionBlock;
    const inner =
      descriptionBlock.attributes["data-es-role"] === "description"
        ? (elementChildren(content)[0] ?? content)
        : content;
    const htmlWarnings: string[] = [];
    description = qtiToHtml(inner.children, {
      src: (v) => resolveHref(file, v) ?? v,
      warnings: htmlWarnings,
      trim: descriptionBlock.attributes["data-es-role"] !== "description",
    });
    warnings.push(...htmlWarnings.map((w) => `the test's rubric block: ${w}`));
    settings.description = description;
  }
  if (ours) {
    let raw: unknown = null;
    try {
      raw = JSON.parse(ours.attributes["data-es-exam"]!);
    } catch {
      warnings.push("the test's data-es-exam attribute is not JSON; its settings were not read");
    }
    const parsed = raw === null ? null : archiveExam.safeParse(raw);
    if (parsed?.success) {
      const { description: _d, title: _t, ...rest } = parsed.data;
      Object.assign(settings, Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined)));
    } else if (parsed)
      warnings.push("the test's data-es-exam attribute does not hold Exam Studio's settings; they were not read");
  } else {
    const section = descendantsOf(test, "qti-assessment-section")[0];
    const ordering = section ? childElement(section, "qti-ordering") : null;
    if (ordering) settings.shuffle_questsion = ordering.attributes.shuffle === "true";
    const selection = section ? childElement(section, "qti-selection") : null;
    const limits = childElement(test, "qti-time-limits") ?? descendantsOf(test, "qti-time-limits")[0] ?? null;
    const maxTime = limits?.attributes["max-time"] ? Number(limits.attributes["max-time"]) : 0;
    const select = selection ? Number(selection.attributes.select) : 0;
    if (select > 0 || maxTime > 0) {
      settings.testing = {
        auto: !(select > 0),
        locked_questions: select > 0 ? select : 0,
        time_mode: maxTime > 0 ? "fixed" : "none",
        fixed_time: maxTime > 0 ? Math.max(1, Math.ceil(maxTime / 60)) : 0,
      };
    }
    if (descendantsOf(test, "qti-assessment-section").length > 1)
      warnings.push("the test's sections were read as one list of questions");
  }
  return { settings, resources: resourcesFor(media, [description], [], used) };
}
