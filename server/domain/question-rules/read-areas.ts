// Reading the `areas` array of an image question (types 3, 4, 5) field by field, keeping what
// the rules between areas and the references to area ids need.
import type { z } from "zod";
import { joinPath } from "../../errors";
import type { blockAreaSchema, dragDropAreaSchema } from "../../schemas/question";
import type { PartialArea } from "../areas";
import { PROPS, type Reader } from "./reader";

export interface ReadAreas<A> {
  /** Every area as far as it could be read, for the rules between areas. */
  partial: PartialArea[];
  /** Areas whose every field is valid, for the stored properties. */
  complete: A[];
  /** Every valid id, whatever the other fields of its area. */
  ids: Set<string>;
  /** Strings sent as ids that failed the id format: already reported, so references to them are not. */
  brokenIds: Set<string>;
}

export function readAreas<S extends typeof dragDropAreaSchema | typeof blockAreaSchema>(
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
