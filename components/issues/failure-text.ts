// Why a call from the app failed, in the author's words: each issue through the one table
// (author-text.ts), and a failure without issues (session ended, rate limit, the database out of
// reach, server error) by its kind, never the API's own wording.
import { RPC_CODES, type AppErrorKind, type Issue } from "@/server/errors";
import { formatBytes } from "@/server/format-bytes";
import { authorText } from "./author-text";
import { fieldName } from "./field-names";

const KIND_TEXT: Record<AppErrorKind, string> = {
  parse_error: "The app sent something the server could not read. Reload the page and try again.",
  invalid_request: "The app sent something the server could not read. Reload the page and try again.",
  method_not_found: "The app is out of date. Reload the page and try again.",
  invalid_params: "Something here is not right; nothing was saved.",
  internal: "Something went wrong on the server; nothing was saved. Try again.",
  unauthorized: "Your session has ended. Sign in again; nothing was saved.",
  not_found: "This no longer exists; it may have been deleted. Reload the page.",
  forbidden: "Your role in this workspace does not allow this; nothing was changed. Ask an owner of the workspace.",
  conflict: "Someone else saved this after you opened it; nothing was saved.",
  too_large: "This is too large to save at once.",
  rate_limited: "Too many changes at once. Wait a moment and try again.",
  unavailable: "The database could not be reached. Try again in a moment.",
};

const KIND_BY_CODE = new Map<number, AppErrorKind>(
  Object.entries(RPC_CODES).map(([kind, code]) => [code, kind as AppErrorKind]),
);

/** An issue as one line where no field shows it: "Answer 2: Fill this in." */
export function issueLine(issue: Issue): string {
  const name = fieldName(issue.path);
  return name ? `${name}: ${authorText(issue)}` : authorText(issue);
}

/**
 * The whole failure as one text, for a notice that has no fields to place issues at. A body over
 * the server's limit (its `data.limit_bytes`) says the limit: files travel as Base64, a third
 * larger than they are, which the author cannot know.
 */
export function failureText(outcome: {
  code: number;
  issues: readonly Issue[];
  data?: Record<string, unknown>;
}): string {
  if (outcome.issues.length > 0) return outcome.issues.map(issueLine).join(" ");
  const kind = KIND_BY_CODE.get(outcome.code) ?? "internal";
  const limit = outcome.data?.limit_bytes;
  if (kind === "too_large" && typeof limit === "number")
    return (
      `This is too large to send at once: the server takes at most ${formatBytes(limit)} in one request, ` +
      "and a file takes a third more than its own size on the way."
    );
  return KIND_TEXT[kind];
}
