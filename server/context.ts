// Who is calling and what every operation may use. Low in the layers: the data layer takes the
// caller (Actor) to check access, and the transports build the AppContext once per process.
import type { Db } from "@/db/client";
import type { BodyGate } from "./body-gate";
import type { Limits } from "./config";
import type { Scope } from "./domain/roles";
import type { MediaStore } from "./media/store";
import type { ContentParser } from "./workers/content-parser";

/** Who is calling: a user, through a named API token or through the web app (tokenName null). */
export interface Actor {
  userId: string;
  tokenName: string | null;
  /**
   * A token acts in its one workspace (contract 14.1.4); the web app's session (no value) in every
   * workspace the person is a member of, creating in their own.
   */
  workspaceId?: number | null;
  /**
   * The web app's current workspace (the header's switcher): where a session creates and lists
   * exams. Unchecked as sent by the browser: callerWorkspace falls back to the person's own
   * workspace when they are no longer a member of it.
   */
  currentWorkspaceId?: number | null;
  /** A token's scope; the web app writes. */
  scope?: Scope;
}

/** What an operation may use; built once per process. */
export interface AppContext {
  db: Db;
  /** Where usage counters are written (see DbHandle.counters); the main database when absent. */
  countersDb?: Db;
  media: MediaStore;
  limits: Limits;
  /** Parses HTML and media: inline when small, in worker threads under budgets when large. */
  parser: ContentParser;
  /** Large request bodies take turns (server/body-gate.ts). */
  bodyGate: BodyGate;
  /**
   * false: questionCreate and questionUpdate skip the similar_question advice (contract 15.2
   * point 3). bench/bank-duplicates.ts sets it, to measure what the advice costs a create, and the
   * integration tests' app (tests/support/test-app.ts) leaves the advice off except where it is
   * tested; every server leaves it out, so the advice is always given.
   */
  similarQuestionAdvice?: boolean;
}
