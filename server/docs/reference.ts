// The documentation model of the API: what /docs/api shows and /docs/api/schema.json serves,
// built from the registered operations (whatever OPERATIONS holds) and their params schemas.
import type { Operation } from "../operation";
import { ROLE_FOR, type Need } from "../domain/roles";
import { QUESTION_TYPE_NAMES, propertiesSchemaByType, type QuestionType } from "../schemas/question";
import { exampleValue } from "./example";
import { HAND_WRITTEN_EXAMPLES } from "./examples";
import { fieldRows, type FieldRow } from "./fields";
import { paramsJsonSchema, type JsonSchema } from "./json-schema";

export interface MethodDoc {
  method: string;
  summary: string;
  /** The element id of the method's section. */
  anchor: string;
  /** Who may call it, in words: the least workspace role, and whether a read-only token may. */
  access: string;
  params: FieldRow[];
  /** Valid params for a call (hand-written, else generated from the schema). */
  example: unknown;
  /** What each result field holds, when the operation says; `completed` is always there too. */
  result: { field: string; description: string }[] | null;
  jsonSchema: JsonSchema;
}

export interface PropertiesDoc {
  types: QuestionType[];
  names: string[];
  rows: FieldRow[];
}

export function methodDoc(op: Operation): MethodDoc {
  const jsonSchema = paramsJsonSchema(op.params);
  const result = op.result as Record<string, string> | undefined;
  return {
    method: op.method,
    summary: op.summary,
    anchor: op.method.replace(/[^A-Za-z0-9_-]/g, "-"),
    access: accessText(op.access),
    params: fieldRows(jsonSchema),
    example: HAND_WRITTEN_EXAMPLES[op.method] ?? exampleValue(jsonSchema),
    result: result ? Object.entries(result).map(([field, description]) => ({ field, description })) : null,
    jsonSchema,
  };
}

/** What a method's `access` asks of the caller, as the reference says it (contract 14.1.2, 14.1.4). */
export function accessText(need: Need): string {
  const role = ROLE_FOR[need];
  const who =
    role === "viewer"
      ? "Any member of the workspace (viewer or higher)"
      : role === "owner"
        ? "An owner of the workspace"
        : `${role === "editor" ? "An" : "A"} ${role} or higher in the workspace`;
  return `${who}; ${need === "read" ? "a read-only token may call it" : "a token with write scope"}.`;
}

export function methodDocs(operations: readonly Operation[]): MethodDoc[] {
  return operations.map(methodDoc);
}

/**
 * `question.properties` per question type, from the schemas the per-type rules parse with.
 * Types sharing one schema (1 and 2, 4 and 5) are one entry.
 */
export function propertiesDocs(): PropertiesDoc[] {
  const docs = new Map<unknown, PropertiesDoc>();
  for (const [key, schema] of Object.entries(propertiesSchemaByType)) {
    const type = Number(key) as QuestionType;
    const doc = docs.get(schema) ?? {
      types: [],
      names: [],
      rows: fieldRows(paramsJsonSchema(schema), "question.properties"),
    };
    doc.types.push(type);
    doc.names.push(QUESTION_TYPE_NAMES[type]);
    docs.set(schema, doc);
  }
  return [...docs.values()];
}

/** The JSON-RPC request a client sends for `doc`'s example. */
export function exampleRequest(doc: MethodDoc): object {
  return { jsonrpc: "2.0", id: 1, accessToken: "ek_…", method: doc.method, params: doc.example };
}

/** The machine-readable reference: every method's summary and params as JSON Schema. */
export function apiSchemaDocument(operations: readonly Operation[]) {
  return {
    jsonrpc: "2.0",
    endpoint: "/api/json",
    methods: Object.fromEntries(
      operations.map((op) => [
        op.method,
        {
          summary: op.summary,
          access: accessText(op.access),
          params: paramsJsonSchema(op.params),
          result: op.result ?? null,
        },
      ]),
    ),
  };
}
