// The qti3 export (contract 13.1.2): an IMS content package (zip) with imsmanifest.xml, one
// qti-assessment-test, one qti-assessment-item per question (items/), one
// qti-assessment-stimulus per case study (stimuli/), and the media (media/, under their stored
// names, plus the gap images cut out of Drag & Drop base images). The blueprint is the test's
// sections (qti3-sections.ts), each item's tags the LOM keywords of its resource in the manifest
// (contract 15.3). The report says per question what QTI carried. Pure.
import { QUESTION_TYPE } from "../schemas/question";
import { fileNameFor } from "./exam-json";
import { gapMatchParts, hotspotParts, selectPointParts } from "./qti3-graphic";
import { choiceParts, orderParts, textParts } from "./qti3-interactions";
import { itemXml, type InteractionParts, type ItemContext } from "./qti3-item";
import { isIdentifier, itemFile, mediaFile, relativeHref, stimulusFile, TEST_FILE } from "./qti3-common";
import { MANIFEST_FILE, manifestXml, RESOURCE_TYPES, type ManifestResource } from "./qti3-manifest";
import { OUTER_SECTION, type SectionDomain, type SectionItem } from "./qti3-sections";
import { stimulusXml, TEST_PART, testXml } from "./qti3-test";
import { decodeImage, type RgbaImage } from "./raster";
import { storedMediaPaths } from "./shared";
import type { ContentQuestion, ExamContent, ExportOptions, ExportReportItem, ExportResult } from "./types";
import { writeZip } from "./zip";

const utf8 = (text: string) => new TextEncoder().encode(text);

const EXAM_NOTES = [
  "QTI has no place for the exam's type, check_answer, category, code, evaluation method beyond the test's outcome processing, show_description_page, show_standard_introduction and the auto-handling of testing_questions / testing_time: they are kept in the data-es-exam attribute of an author rubric block, which Exam Studio's import reads and other QTI tools ignore",
  "not in the package: the exam's status, review comments, history and versions",
];

function interactionParts(q: ContentQuestion, ctx: ItemContext): InteractionParts | null {
  switch (q.type) {
    case QUESTION_TYPE.singleChoice:
    case QUESTION_TYPE.multipleChoice:
      return choiceParts(q, ctx);
    case QUESTION_TYPE.dragAndDrop:
      return gapMatchParts(q, ctx);
    case QUESTION_TYPE.pointAndShoot:
      return selectPointParts(q, ctx);
    case QUESTION_TYPE.hotArea:
      return hotspotParts(q, ctx);
    case QUESTION_TYPE.sort:
      return orderParts(q, ctx);
    case QUESTION_TYPE.textInput:
      return textParts(q);
    default:
      return null;
  }
}

/** Unique identifiers: the wanted one when it is a QTI identifier and free, else `fallback`-N. */
function identifierPicker() {
  const used = new Set<string>();
  return (wanted: string | null, fallback: string): string => {
    if (wanted !== null && isIdentifier(wanted) && !used.has(wanted)) {
      used.add(wanted);
      return wanted;
    }
    let n = 1;
    while (used.has(`${fallback}-${n}`)) n++;
    used.add(`${fallback}-${n}`);
    return `${fallback}-${n}`;
  };
}

export function exportQti3(content: ExamContent, _options: ExportOptions = {}): ExportResult {
  const files = new Map<string, Uint8Array>();
  const resources: ManifestResource[] = [];
  const pick = identifierPicker();
  for (const reserved of ["assessment-test", TEST_PART, OUTER_SECTION]) pick(reserved, "test");

  /** A stored media path, put in the package once; its package path, or null when the store lacks it. */
  const packMedia = (path: string): string | null => {
    const bytes = content.media.get(path);
    if (!bytes) return null;
    const target = mediaFile(path);
    if (!files.has(target)) files.set(target, bytes);
    return target;
  };
  const hrefFor = (file: string, used: Set<string>) => (path: string) => {
    const target = packMedia(path);
    if (target === null) return null;
    used.add(target);
    return relativeHref(file, target);
  };
  const missingNotes = (texts: string[]) =>
    storedMediaPaths(texts)
      .filter((p) => !content.media.has(p))
      .map((p) => `the file of ${p} is missing from the media store, so the package refers to it without its content`);

  const decoded = new Map<string, RgbaImage | null>();
  const pixels = (path: string): RgbaImage | null => {
    if (!decoded.has(path)) {
      const bytes = content.media.get(path);
      const image = bytes ? decodeImage(bytes) : null;
      decoded.set(path, image?.ok ? image.image : null);
    }
    return decoded.get(path)!;
  };

  // Case studies.
  const stimuli = new Map<number, { identifier: string; file: string; title: string }>();
  const examNotes = [...EXAM_NOTES];
  content.caseStudies.forEach((cs, i) => {
    const identifier = pick(null, "case-study");
    const file = stimulusFile(identifier);
    const used = new Set<string>();
    const { xml, notes } = stimulusXml(identifier, cs.name, cs.description, hrefFor(file, used));
    examNotes.push(
      ...notes.map((n) => `case study ${i + 1} (${JSON.stringify(cs.name)}): ${n}`),
      ...missingNotes([cs.description]),
    );
    files.set(file, utf8(xml));
    stimuli.set(cs.id, { identifier, file, title: cs.name });
    resources.push({
      identifier: `res-${identifier}`,
      type: RESOURCE_TYPES.stimulus,
      href: file,
      files: [...used],
      dependencies: [],
    });
  });

  // Items.
  const items: ExportReportItem[] = [];
  const refs: SectionItem[] = [];
  const itemResources: ManifestResource[] = [];
  for (const q of content.questions) {
    const identifier = pick(q.external_id, "item");
    const file = itemFile(identifier);
    const used = new Set<string>();
    const stimulus = q.case_study_id === null ? null : (stimuli.get(q.case_study_id) ?? null);
    const ctx: ItemContext = {
      identifier,
      file,
      shuffle: content.exam.shuffle_answers,
      stimulus: stimulus
        ? { identifier: stimulus.identifier, href: relativeHref(file, stimulus.file), title: stimulus.title }
        : null,
      href: hrefFor(file, used),
      media: (path) => content.media.get(path) ?? null,
      pixels,
      addFile(path, bytes) {
        files.set(path, bytes);
        used.add(path);
        return relativeHref(file, path);
      },
    };
    const parts = interactionParts(q, ctx);
    if (parts === null || parts.omitted) {
      items.push({
        question_id: q.id,
        fidelity: "omitted",
        notes: parts?.notes ?? [`question type ${q.type} has no QTI interaction here`],
      });
      continue;
    }
    const item = itemXml(q, ctx, parts);
    const missing = missingNotes([q.question, q.explanation, ...q.answers.map((a) => a.answer)]);
    const notes = [...item.notes, ...missing];
    // Not a loss: our import reads the external id back from data-es-external-id.
    if (q.external_id !== null && identifier !== q.external_id)
      notes.push(
        `its external id ${JSON.stringify(q.external_id)} is not a QTI identifier (or is taken), so the item's identifier is ${identifier}; the external id is kept in data-es-external-id`,
      );
    files.set(file, utf8(item.xml));
    refs.push({ identifier, href: file, domain: q.domain ?? null });
    items.push({ question_id: q.id, fidelity: item.lossy || missing.length > 0 ? "lossy" : "lossless", notes });
    itemResources.push({
      identifier: `res-${identifier}`,
      type: RESOURCE_TYPES.item,
      href: file,
      files: [...used],
      dependencies: stimulus ? [`res-${stimulus.identifier}`] : [],
      keywords: q.tags ?? [],
    });
  }

  // The blueprint's sections, named after the domains' codes.
  const domains: SectionDomain[] = (content.domains ?? []).map((d) => ({
    ...d,
    identifier: pick(sectionIdentifier(d.code), "domain"),
  }));
  const unassigned = pick("unassigned", "unassigned");

  // The test.
  const testUsed = new Set<string>();
  const test = testXml({
    identifier: "assessment-test",
    exam: content.exam,
    items: refs,
    domains,
    unassigned,
    href: hrefFor(TEST_FILE, testUsed),
  });
  examNotes.push(...test.notes, ...missingNotes([content.exam.description]));
  files.set(TEST_FILE, utf8(test.xml));
  const testResource: ManifestResource = {
    identifier: "res-assessment-test",
    type: RESOURCE_TYPES.test,
    href: TEST_FILE,
    files: [...testUsed],
    dependencies: itemResources.map((r) => r.identifier),
  };

  const manifest = manifestXml(`manifest-${fileNameFor(content.exam.code, "qti").replace(/[^A-Za-z0-9_.-]/g, "-")}`, [
    testResource,
    ...itemResources,
    ...resources,
  ]);
  const entries: [string, Uint8Array][] = [
    [MANIFEST_FILE, utf8(manifest)],
    ...[...files.entries()].sort(([a], [b]) => order(a) - order(b) || (a < b ? -1 : 1)),
  ];
  return {
    file: {
      name: fileNameFor(content.exam.code, "qti3.zip"),
      content_type: "application/zip",
      bytes: writeZip(entries),
    },
    report: { items, notes: examNotes },
  };
}

/** A domain's section identifier: its code when that is a QTI identifier, else the code made one behind `domain-`. */
function sectionIdentifier(code: string): string | null {
  if (isIdentifier(code)) return code;
  const made = `domain-${code.replace(/[^A-Za-z0-9_.-]/g, "-")}`;
  return isIdentifier(made) ? made : null;
}

/** The package's files: the test, then items, stimuli, media. */
function order(path: string): number {
  if (path === TEST_FILE) return 0;
  if (path.startsWith("items/")) return 1;
  if (path.startsWith("stimuli/")) return 2;
  return 3;
}
