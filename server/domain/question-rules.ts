// The per-type rules of a question (contract section 7, interface 2.3, 2.5–2.7): what
// `properties` must hold, what the answers must look like, and how both are normalised before
// they are stored. Pure: the API runs it on every create/update and the question editor runs it
// while the author types. Every problem is reported, not only the first: values are read field
// by field, and a field that failed its own check is left out of the checks that depend on it.
import { z } from "zod";
import { joinPath, Report, type Issue } from "../errors";
import {
  anyObjectSchema,
  blockAreaSchema,
  blockOptionsSchema,
  blockPropertiesSchema,
  dragDropAreaSchema,
  dragDropOptionsSchema,
  dragDropPropertiesSchema,
  isQuestionType,
  QUESTION_TYPE_NAMES,
  sortPropertiesSchema,
  textAnswerSchema,
  textAnswerValueSchema,
  textInputPropertiesSchema,
  unknownFieldsWarning,
  type AnswerInput,
  type BlockArea,
  type BlockProperties,
  type DragDropArea,
  type DragDropProperties,
  type QuestionProperties,
  type QuestionType,
  type SortProperties,
  type TextAnswer,
  type TextInputProperties,
} from "../schemas/question";
import { parseWith } from "../schemas/zod-issues";
import { checkAreaRules, parseAreaId, type PartialArea } from "./areas";

export interface QuestionRulesContext {
  /** Pixel size read from the base image file; null when not known (the geometry check is skipped). */
  imageSize: { width: number; height: number } | null;
  /** Most answers per question and most text_answer entries; 0 (or less) turns a limit off. */
  limits: { answers: number; textAnswers: number };
}

/** An answer as it is stored: defaults filled in, sorted by order. */
export interface NormalizedAnswer {
  old_id: number | string | null;
  answer: string;
  is_correct: boolean;
  order: number;
  points: number;
}

export interface QuestionRulesResult {
  errors: Issue[];
  warnings: Issue[];
  /** Normalised properties; only complete when `errors` is empty. */
  properties: QuestionProperties;
  /** Normalised answers (empty for types 3, 4, 5, 7); only complete when `errors` is empty. */
  answers: NormalizedAnswer[];
}

const PROPS = "question.properties";
const ANSWERS = "answers";

/** Types whose correct response is in `answers`. */
const ANSWER_TYPES: readonly QuestionType[] = [1, 2, 6];

export function checkQuestion(
  input: { type: number; properties: unknown; answers: AnswerInput[] | undefined },
  ctx: QuestionRulesContext,
): QuestionRulesResult {
  const report = new Report();
  const { type } = input;
  if (!isQuestionType(type)) {
    // The params schema refuses this first; kept so the function is safe on its own.
    report.error("invalid_value", "question.type", `must be a question type from 1 to 7, got ${String(type)}`);
    return { errors: report.errors, warnings: report.warnings, properties: {}, answers: [] };
  }
  const read = new Reader(report);
  const raw = read.object(input.properties ?? {}, PROPS) ?? {};

  let properties: QuestionProperties;
  let optionalAnswers = false;
  switch (type) {
    case 1:
    case 2: {
      const keys = Object.keys(raw);
      if (keys.length > 0) {
        report.warn(
          "unknown_field",
          PROPS,
          `unknown field(s) ${keys.map((k) => JSON.stringify(k)).join(", ")} ignored; a ${QUESTION_TYPE_NAMES[type]} question has no properties`,
        );
      }
      properties = {};
      break;
    }
    case 3:
      properties = checkDragDropProperties(raw, read, ctx);
      break;
    case 4:
    case 5:
      properties = checkBlockProperties(type, raw, read, ctx);
      break;
    case 6: {
      const sort = checkSortProperties(raw, read);
      optionalAnswers = sort.optional_answers;
      properties = sort;
      break;
    }
    case 7:
      properties = checkTextInputProperties(raw, read, ctx);
      break;
  }

  const answers = checkAnswers(type, input.answers, optionalAnswers, ctx, report);
  return { errors: report.errors, warnings: report.warnings, properties, answers };
}

// ---------------------------------------------------------------------------------------------
// Reading values field by field

const anyArray = z.array(z.unknown());

class Reader {
  constructor(readonly report: Report) {}

  /** Parses one value; on failure records the issues and returns undefined. */
  value<T extends z.ZodType>(schema: T, raw: unknown, path: string): z.output<T> | undefined {
    const parsed = parseWith(schema, raw, path);
    if (parsed.ok) return parsed.data;
    this.report.merge({ errors: parsed.issues });
    return undefined;
  }

  object(raw: unknown, path: string): Record<string, unknown> | undefined {
    return this.value(anyObjectSchema, raw, path);
  }

  array(raw: unknown, path: string): unknown[] | undefined {
    if (Array.isArray(raw)) return raw;
    // Reuse the shared wording ("is required (an array)", "must be an array, got …").
    this.value(anyArray, raw, path);
    return undefined;
  }

  warnUnknown(obj: Record<string, unknown>, known: readonly string[], path: string): void {
    const warning = unknownFieldsWarning(obj, known, path);
    if (warning) this.report.warnings.push(warning);
  }

  /**
   * Reads each field of `shape` from `obj` separately, so one bad field does not hide the
   * others. Returns the fields that passed, and warns about keys that are not in the shape.
   */
  fields<S extends Record<string, z.ZodType>>(
    shape: S,
    obj: Record<string, unknown>,
    path: string,
    extraKnown: readonly string[] = [],
  ): { [K in keyof S]?: z.output<S[K]> } {
    this.warnUnknown(obj, [...Object.keys(shape), ...extraKnown], path);
    const out: { [K in keyof S]?: z.output<S[K]> } = {};
    for (const key of Object.keys(shape) as (keyof S & string)[]) {
      const schema = shape[key] as S[typeof key];
      const parsed = parseWith(schema, obj[key], joinPath(path, key));
      if (parsed.ok) {
        if (parsed.data !== undefined) out[key] = parsed.data as z.output<S[typeof key]>;
      } else {
        this.report.merge({ errors: parsed.issues });
      }
    }
    return out;
  }

  /** A map object whose values are read one by one; entries that fail are left out. */
  record<T extends z.ZodType>(valueSchema: T, raw: unknown, path: string): Map<string, z.output<T>> | undefined {
    const obj = this.object(raw, path);
    if (!obj) return undefined;
    const out = new Map<string, z.output<T>>();
    for (const [key, value] of Object.entries(obj)) {
      const parsed = this.value(valueSchema, value, joinPath(path, key));
      if (parsed !== undefined) out.set(key, parsed);
    }
    return out;
  }
}

/** Ids listed for a message: `targ-1, targ-2` (shortened when long), or "none". */
function listIds(ids: Iterable<string>): string {
  const all = [...ids];
  if (all.length === 0) return "none";
  return all.length > 10 ? `${all.slice(0, 10).join(", ")}, …` : all.join(", ");
}

// ---------------------------------------------------------------------------------------------
// Areas (types 3, 4, 5)

interface ReadAreas<A> {
  /** Every area as far as it could be read, for the rules between areas. */
  partial: PartialArea[];
  /** Areas whose every field is valid, for the stored properties. */
  complete: A[];
  /** Every valid id, whatever the other fields of its area. */
  ids: Set<string>;
  /** Strings sent as ids that failed the id format: already reported, so references to them are not. */
  brokenIds: Set<string>;
}

function readAreas<S extends typeof dragDropAreaSchema | typeof blockAreaSchema>(
  schema: S,
  raw: unknown,
  read: Reader,
): ReadAreas<z.output<S>> | undefined {
  const path = joinPath(PROPS, "areas");
  const items = read.array(raw, path);
  if (!items) return undefined;
  const result: ReadAreas<z.output<S>> = { partial: [], complete: [], ids: new Set(), brokenIds: new Set() };
  const fieldCount = Object.keys(schema.shape).length;
  items.forEach((item, index) => {
    const areaPath = joinPath(path, index);
    const obj = read.object(item, areaPath);
    if (!obj) return;
    const fields = read.fields(schema.shape as Record<string, z.ZodType>, obj, areaPath) as Partial<PartialArea>;
    result.partial.push({ ...fields, index });
    if (fields.id !== undefined) result.ids.add(fields.id);
    else if (typeof obj.id === "string") result.brokenIds.add(obj.id);
    if (Object.keys(fields).length === fieldCount) result.complete.push(fields as z.output<S>);
  });
  return result;
}

function checkDragDropProperties(raw: Record<string, unknown>, read: Reader, ctx: QuestionRulesContext): DragDropProperties {
  read.warnUnknown(raw, Object.keys(dragDropPropertiesSchema.shape), PROPS);
  const image = read.value(dragDropPropertiesSchema.shape.image, raw.image, joinPath(PROPS, "image"));
  const optionsObj = read.object(raw.options, joinPath(PROPS, "options"));
  const options = optionsObj ? read.fields(dragDropOptionsSchema.shape, optionsObj, joinPath(PROPS, "options")) : {};
  const areas = readAreas(dragDropAreaSchema, raw.areas, read);

  if (areas) {
    read.report.merge({
      errors: checkAreaRules(areas.partial, {
        questionType: 3,
        options,
        imageSize: ctx.imageSize,
        basePath: joinPath(PROPS, "areas"),
      }),
    });
  }

  // Targets and draggables by id prefix: a prefix that disagrees with the area's type is already
  // an error, and classifying by prefix keeps that one mistake from cascading into match errors.
  const targets = new Set<string>();
  const draggables = new Set<string>();
  for (const id of areas?.ids ?? []) {
    const parsed = parseAreaId(id);
    if (parsed?.prefix === "targ") targets.add(id);
    if (parsed?.prefix === "drag") draggables.add(id);
  }
  // When the areas could not be read at all, references to them cannot be checked; nor can
  // references to an id that was itself refused.
  const brokenIds = areas?.brokenIds ?? new Set<string>();
  const checkRefs = areas !== undefined;

  const matchPath = joinPath(PROPS, "match");
  const match = read.record(dragDropPropertiesSchema.shape.match.valueType, raw.match, matchPath);
  const matchOut: Record<string, string> = {};
  if (match) {
    if (Object.keys(raw.match as object).length === 0) {
      read.report.warn(
        "match_empty",
        matchPath,
        "no target is matched to a draggable, so the question cannot be answered correctly; map target area ids to draggable area ids",
      );
    }
    const matchedBy = new Map<string, string>();
    for (const [target, draggable] of match) {
      const at = joinPath(matchPath, target);
      let ok = true;
      if (checkRefs && !targets.has(target) && !brokenIds.has(target)) {
        ok = false;
        read.report.error(
          "unknown_target",
          at,
          draggables.has(target)
            ? `${JSON.stringify(target)} is a draggable area; match keys must be target area ids (${listIds(targets)})`
            : `no target area has the id ${JSON.stringify(target)}; match keys must be target area ids (${listIds(targets)})`,
        );
      }
      if (checkRefs && !draggables.has(draggable) && !brokenIds.has(draggable)) {
        ok = false;
        read.report.error(
          "unknown_draggable",
          at,
          targets.has(draggable)
            ? `${JSON.stringify(draggable)} is a target area; a target must be matched to a draggable area id (${listIds(draggables)})`
            : `no draggable area has the id ${JSON.stringify(draggable)}; a target must be matched to a draggable area id (${listIds(draggables)})`,
        );
      }
      const earlier = matchedBy.get(draggable);
      if (options.OneToOneMatching && earlier !== undefined) {
        ok = false;
        read.report.error(
          "draggable_matched_twice",
          at,
          `${JSON.stringify(draggable)} is already matched to ${JSON.stringify(earlier)}; options.OneToOneMatching allows each draggable to match only one target`,
        );
      } else if (earlier === undefined) {
        matchedBy.set(draggable, target);
      }
      if (ok) matchOut[target] = draggable;
    }
  }

  const pointsPath = joinPath(PROPS, "points");
  let pointsOut: Record<string, Record<string, number>> | undefined;
  if (raw.points !== undefined) {
    const outer = read.object(raw.points, pointsPath);
    if (outer) {
      pointsOut = {};
      for (const [target, inner] of Object.entries(outer)) {
        const targetPath = joinPath(pointsPath, target);
        if (checkRefs && !targets.has(target) && !brokenIds.has(target)) {
          read.report.error(
            "unknown_target",
            targetPath,
            `no target area has the id ${JSON.stringify(target)}; points keys must be target area ids (${listIds(targets)})`,
          );
        }
        const values = read.record(dragDropPropertiesSchema.shape.points.unwrap().valueType.valueType, inner, targetPath);
        if (!values) continue;
        const row: Record<string, number> = {};
        for (const [draggable, points] of values) {
          if (checkRefs && !draggables.has(draggable) && !brokenIds.has(draggable)) {
            read.report.error(
              "unknown_draggable",
              joinPath(targetPath, draggable),
              `no draggable area has the id ${JSON.stringify(draggable)}; points are given per draggable area id (${listIds(draggables)})`,
            );
            continue;
          }
          row[draggable] = points;
        }
        pointsOut[target] = row;
      }
    }
  }

  const out: DragDropProperties = {
    image: image ?? "",
    areas: (areas?.complete ?? []) as DragDropArea[],
    options: {
      FixedHeight: options.FixedHeight ?? false,
      FixedWidth: options.FixedWidth ?? false,
      OneToOneMatching: options.OneToOneMatching ?? false,
    },
    match: matchOut,
  };
  if (pointsOut) out.points = pointsOut;
  return out;
}

function checkBlockProperties(
  type: 4 | 5,
  raw: Record<string, unknown>,
  read: Reader,
  ctx: QuestionRulesContext,
): BlockProperties {
  read.warnUnknown(raw, Object.keys(blockPropertiesSchema.shape), PROPS);
  const image = read.value(blockPropertiesSchema.shape.image, raw.image, joinPath(PROPS, "image"));
  const optionsObj = read.object(raw.options, joinPath(PROPS, "options"));
  const options = optionsObj ? read.fields(blockOptionsSchema.shape, optionsObj, joinPath(PROPS, "options")) : {};
  const areas = readAreas(blockAreaSchema, raw.areas, read);

  if (areas) {
    read.report.merge({
      errors: checkAreaRules(areas.partial, {
        questionType: type,
        options,
        imageSize: ctx.imageSize,
        basePath: joinPath(PROPS, "areas"),
      }),
    });
  }
  const ids = areas?.ids ?? new Set<string>();
  const brokenIds = areas?.brokenIds ?? new Set<string>();
  const checkRefs = areas !== undefined;
  const isUnknown = (id: string) => checkRefs && !ids.has(id) && !brokenIds.has(id);

  const correctPath = joinPath(PROPS, "correct");
  const correct = read.record(blockPropertiesSchema.shape.correct.valueType, raw.correct, correctPath);
  const correctOut: Record<string, boolean> = {};
  if (correct) {
    let firstTrue: string | undefined;
    for (const [id, isCorrect] of correct) {
      const at = joinPath(correctPath, id);
      if (isUnknown(id)) {
        read.report.error("unknown_area", at, `no area has the id ${JSON.stringify(id)}; correct keys must be area ids (${listIds(ids)})`);
        continue;
      }
      if (isCorrect && options.SingleAnswer && firstTrue !== undefined) {
        read.report.error(
          "too_many_correct",
          at,
          `${JSON.stringify(firstTrue)} is already marked correct; options.SingleAnswer allows only one correct area`,
        );
        continue;
      }
      if (isCorrect && firstTrue === undefined) firstTrue = id;
      correctOut[id] = isCorrect;
    }
    if (![...correct.values()].some(Boolean)) {
      read.report.warn(
        "no_correct_area",
        correctPath,
        "no area is marked correct, so the question cannot be answered correctly; set at least one area id to true",
      );
    }
  }

  const pointsPath = joinPath(PROPS, "points");
  let pointsOut: Record<string, number> | undefined;
  if (raw.points !== undefined) {
    const points = read.record(blockPropertiesSchema.shape.points.unwrap().valueType, raw.points, pointsPath);
    if (points) {
      pointsOut = {};
      for (const [id, value] of points) {
        if (isUnknown(id)) {
          read.report.error(
            "unknown_area",
            joinPath(pointsPath, id),
            `no area has the id ${JSON.stringify(id)}; points keys must be area ids (${listIds(ids)})`,
          );
          continue;
        }
        pointsOut[id] = value;
      }
    }
  }

  const out: BlockProperties = {
    image: image ?? "",
    areas: (areas?.complete ?? []) as BlockArea[],
    options: {
      FixedHeight: options.FixedHeight ?? false,
      FixedWidth: options.FixedWidth ?? false,
      SingleAnswer: options.SingleAnswer ?? false,
    },
    correct: correctOut,
  };
  if (pointsOut) out.points = pointsOut;
  return out;
}

// ---------------------------------------------------------------------------------------------
// Sort (type 6) and text input (type 7)

function checkSortProperties(raw: Record<string, unknown>, read: Reader): SortProperties {
  const fields = read.fields(sortPropertiesSchema.shape, raw, PROPS);
  return { optional_answers: fields.optional_answers ?? false };
}

/** How two accepted values are compared: trimmed, whitespace collapsed, lower-cased unless case-sensitive. */
export function normalizeTextAnswer(value: string, caseSensitive: boolean): string {
  const collapsed = value.trim().replace(/\s+/g, " ");
  return caseSensitive ? collapsed : collapsed.toLowerCase();
}

function checkTextInputProperties(raw: Record<string, unknown>, read: Reader, ctx: QuestionRulesContext): TextInputProperties {
  const shape = textInputPropertiesSchema.shape;
  const { text_similarity, case_sensitive } = read.fields(
    { text_similarity: shape.text_similarity, case_sensitive: shape.case_sensitive },
    raw,
    PROPS,
    ["text_answer", "text_similarity_answer"],
  );
  const caseSensitive = case_sensitive ?? false;
  const listPath = joinPath(PROPS, "text_answer");
  const entries: { value: string; path: string; entry: TextAnswer }[] = [];

  if (raw.text_answer === undefined && raw.text_similarity_answer !== undefined) {
    // Older clients send one accepted value as a plain string.
    const path = joinPath(PROPS, "text_similarity_answer");
    const value = read.value(textAnswerValueSchema, raw.text_similarity_answer, path);
    if (value !== undefined) entries.push({ value, path, entry: { value } });
  } else {
    if (raw.text_similarity_answer !== undefined) {
      read.report.warn(
        "alias_ignored",
        joinPath(PROPS, "text_similarity_answer"),
        "was ignored because text_answer is given too; send the accepted values only in text_answer",
      );
    }
    const items = read.array(raw.text_answer, listPath);
    if (items) {
      if (items.length === 0) {
        read.report.error("empty", listPath, "must hold at least one accepted value ({ value, points? })");
      }
      const limit = ctx.limits.textAnswers;
      if (limit > 0 && items.length > limit) {
        read.report.error("too_many_text_answers", listPath, `has ${items.length} entries; at most ${limit} are allowed`);
      }
      items.forEach((item, i) => {
        const itemPath = joinPath(listPath, i);
        const obj = read.object(item, itemPath);
        if (!obj) return;
        const fields = read.fields(textAnswerSchema.shape, obj, itemPath);
        if (fields.value === undefined) return;
        const entry: TextAnswer = { value: fields.value };
        if (fields.points !== undefined) entry.points = fields.points;
        entries.push({ value: fields.value, path: joinPath(itemPath, "value"), entry });
      });
    }
  }

  const seen = new Map<string, string>();
  for (const { value, path } of entries) {
    const key = normalizeTextAnswer(value, caseSensitive);
    const earlier = seen.get(key);
    if (earlier !== undefined) {
      read.report.warn(
        "duplicate_text_answer",
        path,
        `${JSON.stringify(value)} is the same accepted value as ${earlier} once spaces${caseSensitive ? "" : " and letter case"} are ignored; keep one of them`,
      );
    } else {
      seen.set(key, path);
    }
  }

  return {
    text_similarity: text_similarity ?? 0,
    case_sensitive: caseSensitive,
    text_answer: entries.map((e) => e.entry),
  };
}

// ---------------------------------------------------------------------------------------------
// Answers

function checkAnswers(
  type: QuestionType,
  answers: AnswerInput[] | undefined,
  optionalAnswers: boolean,
  ctx: QuestionRulesContext,
  report: Report,
): NormalizedAnswer[] {
  const typeName = QUESTION_TYPE_NAMES[type];
  if (!ANSWER_TYPES.includes(type)) {
    if (answers && answers.length > 0) {
      report.warn(
        "answers_ignored",
        ANSWERS,
        `a ${typeName} question has no answers (its correct response is in question.properties); the ${answers.length} answer(s) sent were ignored and not stored`,
      );
    }
    return [];
  }
  if (!answers || answers.length === 0) {
    report.error("answers_required", ANSWERS, `answers are required for a ${typeName} question`);
    return [];
  }

  if (ctx.limits.answers > 0 && answers.length > ctx.limits.answers) {
    report.error("too_many_answers", ANSWERS, `has ${answers.length} answers; at most ${ctx.limits.answers} are allowed`);
  }
  if (answers.length === 1) {
    report.warn("answers_single", ANSWERS, "only one answer was given; at least two are recommended");
  }

  // Order: required on every answer of a sort question; elsewhere the array position by default.
  const orders: number[] = [];
  const byOrder = new Map<number, number>();
  answers.forEach((a, i) => {
    const at = joinPath(joinPath(ANSWERS, i), "order");
    if (a.order === undefined && type === 6) {
      report.error(
        "order_required",
        at,
        "is required on every answer of a sort question: the answer's position in the correct sequence, a unique integer ≥ 1",
      );
    }
    const order = a.order ?? i + 1;
    orders.push(order);
    const first = byOrder.get(order);
    if (first !== undefined && !(type === 6 && a.order === undefined)) {
      const implicit = a.order === undefined ? ` (an answer without order takes its position in the list, ${order})` : "";
      report.error(
        "duplicate_order",
        at,
        `order ${order} is already used by ${joinPath(ANSWERS, first)}${implicit}; every answer needs its own order`,
      );
    } else if (first === undefined) {
      byOrder.set(order, i);
    }
  });

  const correct = answers.map((a, i) => ({ i, is: a.is_correct ?? false })).filter((c) => c.is);
  const correctAt = (i: number) => joinPath(joinPath(ANSWERS, i), "is_correct");
  switch (type) {
    case 1:
      if (correct.length === 0) {
        report.warn("no_correct_answer", ANSWERS, "no answer is marked correct; mark exactly one answer with is_correct: true");
      }
      for (const extra of correct.slice(1)) {
        report.error(
          "too_many_correct",
          correctAt(extra.i),
          `only one answer of a single choice question may be correct, and ${joinPath(ANSWERS, correct[0]!.i)} already is; set is_correct: false here, or use type 2 (multiple choice)`,
        );
      }
      break;
    case 2:
      if (correct.length === 0) {
        report.warn("no_correct_answer", ANSWERS, "no answer is marked correct; a multiple choice question is expected to have more than one correct answer");
      } else if (correct.length === 1 && answers.length > 1) {
        report.warn(
          "single_correct_answer",
          ANSWERS,
          "only one answer is marked correct; a multiple choice question is expected to have more than one (use type 1 for single choice)",
        );
      }
      break;
    case 6:
      if (optionalAnswers) {
        if (correct.length === 0) {
          report.error(
            "no_correct_answer",
            ANSWERS,
            "no answer is marked correct; with optional_answers the correct sequence needs at least one answer with is_correct: true (distractors are false)",
          );
        }
      } else {
        answers.forEach((a, i) => {
          if (!(a.is_correct ?? false)) {
            report.error(
              "sort_answer_not_correct",
              correctAt(i),
              "must be true: every answer of a sort question is part of the sequence; to add distractors (false), set properties.optional_answers to true",
            );
          }
        });
      }
      break;
  }

  return answers
    .map((a, i) => ({
      old_id: a.old_id ?? null,
      answer: a.answer,
      is_correct: a.is_correct ?? false,
      order: orders[i]!,
      points: a.points ?? 0,
    }))
    .sort((a, b) => a.order - b.order);
}
