// The limits the server reads from its environment (config.ts) against the one table that
// documents them, docs/api/limits.md: every variable has its row, with its true default, and no
// row names a variable the server does not read. Other documents' tables that give a variable's
// default (the API guide's rate limits, say) must agree too. Changing a default in config.ts
// without the docs fails here.
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { Lexer, type Token, type Tokens } from "marked";
import { describe, expect, it } from "vitest";
import { plainText } from "./docs/markdown";
import {
  IMPORT_WORKERS_RANGE,
  INFLIGHT_BODY_MB_PER_WORKER,
  LIMIT_DEFAULTS,
  LIMIT_VARIABLES,
  SIMILARITY_INDEX_QUESTIONS_DEFAULT,
  PARSE_WORKERS_DEFAULT,
  readLimits,
} from "./config";

const root = path.resolve(import.meta.dirname, "..");
const LIMITS_DOC = "docs/api/limits.md";
const read = (file: string) => readFileSync(path.join(root, file), "utf8");

interface Row {
  file: string;
  /** Cells by their column's header, lower case. */
  cells: Record<string, string>;
  /** The variables the row names in code spans. */
  variables: string[];
}

/** The tables of a document (also those inside lists and quotes), each with the heading above it. */
function* tables(tokens: readonly Token[], under = { heading: "" }): Generator<[Tokens.Table, string]> {
  for (const token of tokens) {
    if (token.type === "heading") under.heading = (token as Tokens.Heading).text;
    if (token.type === "table") yield [token as Tokens.Table, under.heading];
    else if (token.type === "list") yield* tables((token as Tokens.List).items, under);
    else if ("tokens" in token && token.tokens) yield* tables(token.tokens, under);
  }
}

/** The rows of every table of a document, or of the tables under one heading. */
function tableRows(file: string, underHeading?: string): Row[] {
  const rows: Row[] = [];
  for (const [table, heading] of tables(Lexer.lex(read(file)))) {
    if (underHeading !== undefined && heading !== underHeading) continue;
    const headers = table.header.map((h) => plainText(h.tokens).trim().toLowerCase());
    for (const row of table.rows) {
      const cells = Object.fromEntries(row.map((cell, i) => [headers[i]!, plainText(cell.tokens).trim()]));
      const variables = row.flatMap((cell) => [...cell.text.matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((m) => m[1]!));
      rows.push({ file, cells, variables });
    }
  }
  return rows;
}

/** The unit a default is written in, from the variable's name: LIMIT_BODY_MB is in MiB. */
function unitOf(variable: string): string | undefined {
  if (variable.endsWith("_MB")) return "MiB";
  if (variable.endsWith("_KB")) return "KiB";
  if (variable.endsWith("_SECONDS")) return "s";
  return undefined;
}

/** The number a default cell starts with ("10,000", "64 MiB", "30, then …") and its unit. */
function leadingNumber(cell: string): { value: number; unit: string | undefined } | null {
  const m = /^(\d{1,3}(?:,\d{3})*|\d+)(?:\s+(MiB|KiB|s)\b)?/.exec(cell);
  return m ? { value: Number(m[1]!.replaceAll(",", "")), unit: m[2] } : null;
}

const WORDS = ["no", "one", "two", "three", "four"];

/** What is wrong with a row's default for `variable`, or null. */
function defaultProblem(variable: string, cell: string): string | null {
  if (variable in LIMIT_DEFAULTS) {
    const expected = LIMIT_DEFAULTS[variable as keyof typeof LIMIT_DEFAULTS];
    const found = leadingNumber(cell);
    if (!found || found.value !== expected || found.unit !== unitOf(variable))
      return `says "${cell}"; config.ts's default is ${expected.toLocaleString("en")}${unitOf(variable) ? ` ${unitOf(variable)}` : ""}`;
    return null;
  }
  if (variable === "PARSE_WORKERS") {
    const { coresLeft, min, max } = PARSE_WORKERS_DEFAULT;
    const rule = `${WORDS[coresLeft]} fewer than the cores, at least ${min}, at most ${max}`;
    return cell.startsWith(rule) ? null : `should start "${rule}" (config.ts's PARSE_WORKERS_DEFAULT)`;
  }
  if (variable === "LIMIT_INFLIGHT_BODY_MB") {
    const rule = `${INFLIGHT_BODY_MB_PER_WORKER} MiB per checking worker`;
    return cell.startsWith(rule) ? null : `should start "${rule}" (config.ts's INFLIGHT_BODY_MB_PER_WORKER)`;
  }
  if (variable === "IMPORT_WORKERS") {
    const { default: def, min, max } = IMPORT_WORKERS_RANGE;
    const rule = `${def} per process, ${min} to ${max}`;
    return cell.startsWith(rule) ? null : `should start "${rule}" (config.ts's IMPORT_WORKERS_RANGE)`;
  }
  if (variable === "SIMILARITY_INDEX_QUESTIONS") {
    const found = leadingNumber(cell);
    return found?.value === SIMILARITY_INDEX_QUESTIONS_DEFAULT && found.unit === undefined
      ? null
      : `says "${cell}"; config.ts's default is ${SIMILARITY_INDEX_QUESTIONS_DEFAULT.toLocaleString("en")}`;
  }
  return `names ${variable}, which config.ts does not read`;
}

describe(`${LIMITS_DOC}, the table of configurable limits`, () => {
  const rows = tableRows(LIMITS_DOC, "Configurable limits");

  it("has one row per variable config.ts reads, and no other", () => {
    expect(rows.map((r) => r.variables)).toEqual(rows.map((r) => [r.variables[0]]));
    expect(rows.map((r) => r.variables[0]).sort()).toEqual([...LIMIT_VARIABLES].sort());
  });

  it.each(rows.map((r) => [r.variables[0]!, r] as const))("gives %s its true default", (variable, row) => {
    expect(defaultProblem(variable, row.cells.default ?? "")).toBeNull();
  });

  it("describes the defaults config.ts computes as readLimits computes them", () => {
    const { coresLeft, min, max } = PARSE_WORKERS_DEFAULT;
    const unset = readLimits({});
    expect(unset.parseWorkers).toBeGreaterThanOrEqual(min);
    expect(unset.parseWorkers).toBeLessThanOrEqual(max);
    expect(coresLeft).toBeLessThan(WORDS.length);
    expect(readLimits({ PARSE_WORKERS: "3" }).inflightBodyBytes).toBe(3 * INFLIGHT_BODY_MB_PER_WORKER * 1024 * 1024);
    // And the fixed defaults are what the server runs with when nothing is set.
    expect(unset.batch).toBe(LIMIT_DEFAULTS.LIMIT_BATCH);
    expect(unset.bodyBytes).toBe(LIMIT_DEFAULTS.LIMIT_BODY_MB * 1024 * 1024);
  });
});

/** README.md and the markdown under docs/. */
function documents(): string[] {
  const under = (dir: string): string[] =>
    readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((e) => {
      const rel = path.posix.join(dir, e.name);
      if (e.isDirectory()) return under(rel);
      return e.name.endsWith(".md") ? [rel] : [];
    });
  return ["README.md", ...under("docs")];
}

/** A row's default: its "default" column, or the "free" column of the sign-in limits' table. */
const defaultCell = (row: Row): string | undefined => row.cells.default ?? row.cells.free;

describe("other documents' tables of defaults", () => {
  it("agree with config.ts wherever a row gives a variable's default", () => {
    const problems = documents()
      .flatMap((file) => tableRows(file))
      .map((row) => ({ row, named: row.variables.filter((v) => (LIMIT_VARIABLES as readonly string[]).includes(v)) }))
      .map(({ row, named }) => ({ row, named, cell: defaultCell(row) }))
      .filter(({ named, cell }) => cell !== undefined && named.length > 0)
      .map(({ row, named, cell }) => ({
        row,
        named,
        problem:
          named.length > 1
            ? "names several variables in one row; give each its own row, so that its default can be checked"
            : defaultProblem(named[0]!, cell!),
      }))
      .filter((r) => r.problem !== null)
      .map((r) => `${r.row.file}, ${r.named.join(", ")}: ${r.problem}`);
    expect(problems).toEqual([]);
  });

  it("finds a wrong default", () => {
    const batch = LIMIT_DEFAULTS.LIMIT_BATCH;
    expect(defaultProblem("LIMIT_BATCH", `${batch}`)).toBeNull();
    expect(defaultProblem("LIMIT_BATCH", `${batch + 1}`)).toMatch(`default is ${batch}`);
    const body = LIMIT_DEFAULTS.LIMIT_BODY_MB;
    expect(defaultProblem("LIMIT_BODY_MB", `${body} MiB`)).toBeNull();
    expect(defaultProblem("LIMIT_BODY_MB", `${body} KiB`)).toMatch(`${body} MiB`);
    expect(
      defaultProblem("LIMIT_IMPORT_QUESTIONS", LIMIT_DEFAULTS.LIMIT_IMPORT_QUESTIONS.toLocaleString("en")),
    ).toBeNull();
    expect(defaultProblem("LIMIT_NOTHING", "1")).toMatch(/does not read/);
  });
});

describe("the limits from the environment", () => {
  it("has two import workers unless IMPORT_WORKERS says otherwise, from 1 to 16", () => {
    expect(readLimits({}).importWorkers).toBe(2);
    expect(readLimits({ IMPORT_WORKERS: "1" }).importWorkers).toBe(1);
    expect(readLimits({ IMPORT_WORKERS: "16" }).importWorkers).toBe(16);
    for (const bad of ["0", "17", "two"])
      expect(() => readLimits({ IMPORT_WORKERS: bad })).toThrow(
        "Invalid environment:\n  IMPORT_WORKERS: must be a whole number from 1 to 16",
      );
    expect(() => readLimits({ PARSE_WORKERS: "65" })).toThrow(
      "PARSE_WORKERS: must be a whole number ≥ 0 and at most 64",
    );
    expect(() => readLimits({ LIMIT_BODY_MB: "-1" })).toThrow("LIMIT_BODY_MB: must be a whole number ≥ 0");
  });
});
