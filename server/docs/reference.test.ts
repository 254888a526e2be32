import { describe, expect, it } from "vitest";
import { OPERATIONS } from "../rpc/registry";
import { RPC_CODES } from "../errors";
import { errorCodeRows } from "./error-codes";
import { constraintText, type FieldRow } from "./fields";
import { apiSchemaDocument, methodDoc, methodDocs, propertiesDocs } from "./reference";

const docs = methodDocs(OPERATIONS);
const doc = (method: string) => docs.find((d) => d.method === method)!;
const field = (method: string, path: string): FieldRow => {
  const row = doc(method).params.find((r) => r.path === path);
  expect(row, `${method} ${path}`).toBeDefined();
  return row!;
};

describe("the API reference model", () => {
  it("documents every registered operation with a non-empty params table", () => {
    expect(docs.map((d) => d.method)).toEqual(OPERATIONS.map((op) => op.method));
    for (const d of docs) {
      expect(d.params.length, d.method).toBeGreaterThan(0);
      expect(d.summary, d.method).not.toBe("");
      for (const row of d.params) expect(row.type, `${d.method} ${row.path}`).not.toBe("any");
    }
  });

  it("reads exam.examCreate's fields off its schema", () => {
    expect(field("exam.examCreate", "exam")).toMatchObject({ type: "object", requirement: "required" });
    expect(field("exam.examCreate", "exam.type")).toMatchObject({
      type: "integer",
      requirement: "required",
      enum: [1, 2, 3],
    });
    expect(field("exam.examCreate", "exam.title")).toMatchObject({
      type: "string",
      requirement: "required",
      minLength: 1,
      maxLength: 200,
    });
    expect(constraintText(field("exam.examCreate", "exam.title"))).toEqual(["not empty", "at most 200 characters"]);
    expect(field("exam.examCreate", "exam.passing_score")).toMatchObject({
      requirement: "optional",
      minimum: 0,
      maximum: 100,
    });
    expect(field("exam.examCreate", "resources")).toMatchObject({
      type: "{ string: string }",
      requirement: "optional",
    });
    expect(field("exam.examUpdate", "exam.id")).toMatchObject({ type: "integer", requirement: "required", minimum: 1 });
    // A 32-bit column's bounds are not a rule worth a reader's attention.
    expect(field("exam.examUpdate", "exam.id").maximum).toBeUndefined();
  });

  it("shows defaults as the client may leave them out", () => {
    expect(field("exam.questionCreate", "question.points")).toMatchObject({
      type: "integer",
      requirement: "optional",
      default: 1,
      minimum: 0,
    });
    expect(field("exam.questionCreate", "question.external_id")).toMatchObject({
      type: "string | null",
      default: null,
      maxLength: 255,
    });
    expect(field("exam.questionCreate", "answers[].is_correct")).toMatchObject({
      type: "boolean",
      requirement: "optional",
      default: false,
    });
    expect(field("exam.examList", "limit")).toMatchObject({
      type: "integer",
      requirement: "optional",
      default: 50,
      minimum: 1,
      maximum: 200,
    });
    expect(constraintText(field("exam.examList", "limit"))).toEqual(["1–200"]);
    expect(field("exam.examList", "status")).toMatchObject({ type: "string", enum: ["draft", "ready"] });
  });

  it("states what refinements and aliases check", () => {
    expect(field("exam.questionCreate", "question.type")).toMatchObject({
      type: "integer",
      requirement: "required",
      enum: [1, 2, 3, 4, 5, 6, 7],
    });
    expect(field("exam.questionCreate", "question.exam_id")).toMatchObject({
      requirement: "one of",
      alternatives: ["exam_id", "test_id"],
    });
    expect(field("exam.questionList", "test_id")).toMatchObject({ type: "integer", requirement: "optional" });
    expect(field("exam.questionList", "test_id").description).toMatch(/alias of exam_id/i);
    expect(field("exam.questionCreate", "answers[].old_id").type).toBe("integer | string | null");
    expect(field("exam.questionReorder", "question_ids")).toMatchObject({
      type: "integer[]",
      requirement: "required",
      maxItems: 100_000,
    });
  });

  it("documents question.properties per type, nested paths included", () => {
    const byType = new Map(propertiesDocs().flatMap((p) => p.types.map((t) => [t, p] as const)));
    expect([...byType.keys()].sort()).toEqual([1, 2, 3, 4, 5, 6, 7]);
    const dragDrop = byType.get(3)!.rows;
    expect(dragDrop.find((r) => r.path === "question.properties.areas[].x")).toMatchObject({
      type: "integer",
      requirement: "required",
      minimum: 0,
    });
    expect(dragDrop.find((r) => r.path === "question.properties.areas[].type")).toMatchObject({ enum: [1, 2] });
    expect(dragDrop.find((r) => r.path === "question.properties.options.OneToOneMatching")).toMatchObject({
      type: "boolean",
    });
    expect(byType.get(4)).toBe(byType.get(5));
    expect(byType.get(7)!.rows.find((r) => r.path === "question.properties.text_similarity")).toMatchObject({
      minimum: 0,
      maximum: 100,
      requirement: "required",
    });
    expect(byType.get(1)!.rows).toEqual([]);
  });

  it("gives every method an example its params schema accepts", () => {
    for (const d of docs) {
      const op = OPERATIONS.find((o) => o.method === d.method)!;
      const parsed = op.params.safeParse(d.example);
      expect(parsed.success, `${d.method}: ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
    }
  });

  it("lists result fields where the operation describes them", () => {
    expect(doc("exam.examList").result?.map((r) => r.field)).toEqual(["exams", "next_cursor"]);
    expect(doc("exam.examDelete").result).toBeNull();
  });

  it("says who may call each method, from its operation's access", () => {
    expect(doc("exam.examGet").access).toBe(
      "Any member of the workspace (viewer or higher); a read-only token may call it.",
    );
    expect(doc("exam.questionUpdate").access).toBe("An editor or higher in the workspace; a token with write scope.");
    expect(doc("exam.commentCreate").access).toBe("A reviewer or higher in the workspace; a token with write scope.");
    expect(apiSchemaDocument(OPERATIONS).methods["exam.examGet"]!.access).toBe(doc("exam.examGet").access);
  });

  it("picks up an operation it has never seen", () => {
    const extra = { ...OPERATIONS[0]!, method: "exam.somethingNew", summary: "New." };
    expect(methodDoc(extra)).toMatchObject({ method: "exam.somethingNew", anchor: "exam-somethingNew" });
    expect(Object.keys(apiSchemaDocument([...OPERATIONS, extra]).methods)).toContain("exam.somethingNew");
  });

  it("takes the error codes from the one list in errors.ts", () => {
    expect(errorCodeRows().map((r) => r.code)).toEqual(Object.values(RPC_CODES));
    for (const r of errorCodeRows()) expect(r.meaning).not.toBe("");
  });
});
