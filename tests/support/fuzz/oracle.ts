// What every answer of /api/json must be, whatever was sent (contract 1): an HTTP status of the
// contract's list and never 5xx; a JSON body of well-formed envelopes; never -32603; error codes
// from the contract's table; `errors` the issues as "path: message"; the id echoed; and in what a
// success stored, media referenced only by stored /media/ paths (contract 8.5).

/** The codes of contract 1.6. */
const CONTRACT_CODES = new Set([
  -32700, -32600, -32601, -32602, -32603, -32001, -32003, -32009, -32004, -32013, -32029,
]);
const HTTP_STATUSES = new Set([200, 204, 405, 413, 415, 429]);

export class OracleFailure extends Error {}

function fail(message: string): never {
  throw new OracleFailure(message);
}

const issueString = (i: { path: string; message: string }) => (i.path ? `${i.path}: ${i.message}` : i.message);
const isString = (v: unknown): v is string => typeof v === "string";

function checkIssues(list: unknown, where: string): { code: string; path: string; message: string }[] {
  if (!Array.isArray(list)) fail(`${where} is not an array`);
  for (const i of list) {
    if (
      typeof i !== "object" ||
      i === null ||
      !isString(i.code) ||
      !isString(i.path) ||
      !isString(i.message) ||
      i.code === "" ||
      i.message === ""
    ) {
      fail(`${where} holds a malformed issue: ${JSON.stringify(i)}`);
    }
  }
  return list;
}

/** The id a response must carry for a call that sent `call` (null when the id was not valid). */
function expectedId(call: unknown): unknown {
  if (typeof call !== "object" || call === null || Array.isArray(call) || !("id" in call)) return null;
  const id = (call as { id: unknown }).id;
  return typeof id === "string" || (typeof id === "number" && Number.isInteger(id)) ? id : null;
}

/** The fields that hold HTML (contract 9); other text fields may hold anything, as text. */
const HTML_FIELDS = new Set(["question", "explanation", "answer", "description"]);

/** Every `src`/`poster` in stored HTML, and properties.image, is a /media/ path (or a YouTube embed). */
function checkStoredMediaRefs(value: unknown, where: string): void {
  const stack: { v: unknown; at: string; key: string }[] = [{ v: value, at: where, key: "" }];
  while (stack.length > 0) {
    const { v, at, key } = stack.pop()!;
    if (typeof v === "string" && HTML_FIELDS.has(key)) {
      for (const m of v.matchAll(/\b(src|poster)="([^"]*)"/g)) {
        const ref = m[2]!;
        if (!ref.startsWith("/media/") && !/^https:\/\/www\.youtube(-nocookie)?\.com\/embed\//.test(ref))
          fail(`${at} stores a ${m[1]} that is not stored media: ${JSON.stringify(ref)}`);
      }
    } else if (typeof v === "string" && key === "image" && v !== "" && !v.startsWith("/media/")) {
      fail(`${at} is not stored media: ${JSON.stringify(v)}`);
    } else if (Array.isArray(v)) {
      v.forEach((x, i) => stack.push({ v: x, at: `${at}[${i}]`, key }));
    } else if (typeof v === "object" && v !== null) {
      for (const [k, x] of Object.entries(v)) stack.push({ v: x, at: `${at}.${k}`, key: k });
    }
  }
}

/** `v` as an object's fields, or null when it is not an object (or is an array). */
function fieldsOf(v: unknown): Record<string, unknown> | null {
  return typeof v === "object" && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
}

function checkEnvelope(e: unknown, sent: unknown, where: string): { success: boolean } {
  const env = fieldsOf(e) ?? fail(`${where} is not an object`);
  if (env.jsonrpc !== "2.0") fail(`${where}.jsonrpc is ${JSON.stringify(env.jsonrpc)}`);
  if (!("id" in env)) fail(`${where} has no id`);
  const warnings = env.warnings;
  if (!Array.isArray(warnings) || !warnings.every(isString)) fail(`${where}.warnings is not a list of strings`);
  const details = checkIssues(env.warning_details, `${where}.warning_details`);
  if (details.length !== warnings.length || details.some((d, i) => issueString(d) !== warnings[i])) {
    fail(`${where}.warnings are not warning_details as "path: message"`);
  }
  if ("result" in env === "error" in env) fail(`${where} must have exactly one of result and error`);
  if (sent !== undefined) {
    const id = expectedId(sent);
    if (env.id !== id) fail(`${where}.id is ${JSON.stringify(env.id)}, expected ${JSON.stringify(id)}`);
  }
  if ("result" in env) {
    if (fieldsOf(env.result)?.completed !== true) fail(`${where}.result.completed is not true`);
    checkStoredMediaRefs(env.result, `${where}.result`);
    return { success: true };
  }
  const error = fieldsOf(env.error) ?? fail(`${where}.error is not an object`);
  if (typeof error.code !== "number" || !CONTRACT_CODES.has(error.code))
    fail(`${where}.error.code ${JSON.stringify(error.code)} is not in the contract's list`);
  if (error.code === -32603) fail(`${where} is an internal error (-32603): ${JSON.stringify(error)}`);
  if (!isString(error.message) || error.message === "") fail(`${where}.error.message is empty`);
  const errors = env.errors;
  if (!Array.isArray(errors) || errors.length === 0 || !errors.every(isString))
    fail(`${where}.errors is not a non-empty list of strings`);
  const data = error.data;
  if (data !== undefined && (typeof data !== "object" || data === null)) fail(`${where}.error.data is not an object`);
  const issuesField = data !== undefined && "issues" in data ? data.issues : undefined;
  if (issuesField !== undefined) {
    const issues = checkIssues(issuesField, `${where}.error.data.issues`);
    if (issues.length === 0) fail(`${where}.error.data.issues is empty`);
    if (JSON.stringify(issues.map(issueString)) !== JSON.stringify(errors))
      fail(`${where}.errors are not the issues as "path: message"`);
  }
  return { success: false };
}

export interface Answer {
  status: number;
  apiVersion: string | null;
  text: string;
}

/**
 * Checks one answer to the request whose body was `sentText` (null: no body). Returns whether the
 * request may have changed what is stored: a success, or a notification whose outcome is unseen.
 */
export function checkAnswer(sentText: string | null, answer: Answer): { mayHaveChanged: boolean; body: unknown } {
  if (answer.status >= 500) fail(`HTTP ${answer.status}: ${answer.text.slice(0, 500)}`);
  if (!HTTP_STATUSES.has(answer.status)) fail(`HTTP ${answer.status} is not a status the contract allows`);
  if (answer.apiVersion !== "1") fail(`X-Api-Version is ${JSON.stringify(answer.apiVersion)}`);
  let sent: unknown;
  try {
    sent = sentText === null ? undefined : JSON.parse(sentText);
  } catch {
    sent = undefined;
  }
  const sentCalls = Array.isArray(sent) ? sent : [sent];
  const notifications = sentCalls.some((c) => typeof c === "object" && c !== null && !Array.isArray(c) && !("id" in c));
  if (answer.status === 204) {
    if (answer.text !== "") fail("HTTP 204 with a body");
    return { mayHaveChanged: true, body: null };
  }
  let body: unknown;
  try {
    body = JSON.parse(answer.text);
  } catch {
    fail(`the body is not JSON: ${answer.text.slice(0, 500)}`);
  }
  if (answer.status !== 200) {
    const { success } = checkEnvelope(body, undefined, "body");
    if (success || (body as { id: unknown }).id !== null)
      fail(`HTTP ${answer.status} must carry an error envelope with id null`);
    return { mayHaveChanged: false, body };
  }
  if (Array.isArray(body)) {
    if (!Array.isArray(sent)) fail("an array answered a request that was not a batch");
    if (body.length > sent.length) fail(`${body.length} responses to a batch of ${sent.length}`);
    const ids = new Set([null, ...sent.map(expectedId)]);
    let success = false;
    body.forEach((e, i) => {
      success = checkEnvelope(e, undefined, `body[${i}]`).success || success;
      if (!ids.has((e as { id: unknown }).id))
        fail(`body[${i}].id ${JSON.stringify((e as { id: unknown }).id)} was not sent`);
    });
    return { mayHaveChanged: success || notifications, body };
  }
  // A batch answered by a single envelope is refused as a whole (empty, or over the limit).
  const { success } = checkEnvelope(body, Array.isArray(sent) ? undefined : sent, "body");
  if (Array.isArray(sent) && success) fail("a batch answered by one success");
  return { mayHaveChanged: success, body };
}
