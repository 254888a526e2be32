// Text input properties (type 7): the accepted values, how closely an answer must match them,
// and whether letter case counts.
import { joinPath } from "../../errors";
import {
  textAnswerSchema,
  textAnswerValueSchema,
  textInputPropertiesSchema,
  type TextAnswer,
  type TextInputProperties,
} from "../../schemas/question";
import { PROPS, type Reader } from "./reader";
import type { QuestionRulesContext } from "./types";

/** How two accepted values are compared: trimmed, whitespace collapsed, lower-cased unless case-sensitive. */
export function normalizeTextAnswer(value: string, caseSensitive: boolean): string {
  const collapsed = value.trim().replace(/\s+/g, " ");
  return caseSensitive ? collapsed : collapsed.toLowerCase();
}

export function checkTextInputProperties(
  raw: Record<string, unknown>,
  read: Reader,
  ctx: QuestionRulesContext,
): TextInputProperties {
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
        read.report.error(
          "too_many_text_answers",
          listPath,
          `has ${items.length} entries; at most ${limit} are allowed`,
          { max: limit },
        );
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
        { other: earlier },
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
