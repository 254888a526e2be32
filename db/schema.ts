// The whole database, one Drizzle schema. Integer ids for everything the API exposes
// (the interface document shows integers); text ids for the auth library's own tables.
import { sql } from "drizzle-orm";
import type { WorkspaceRole } from "@/server/schemas/workspace-roles";
import type { QuestionProperties } from "@/server/schemas/question/properties";
import type { Scenario } from "@/server/schemas/question/response";
import {
  bigint,
  bigserial,
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

/**
 * A jsonb column holding a bare JSON scalar. Both drivers (postgres.js and PGlite) already parse
 * jsonb, and drizzle's own `jsonb()` then parses a string value a second time, so a stored "33"
 * came back as the number 33 and "true" as a boolean. This column takes the driver's value as is.
 */
const jsonbScalar = customType<{ data: number | string; driverData: number | string }>({
  dataType: () => "jsonb",
  toDriver: (value) => JSON.stringify(value),
  fromDriver: (value) => value,
});

// Millisecond precision, so a JavaScript Date round-trips exactly (list cursors compare them).
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date", precision: 3 });

/**
 * The version of an exam, question or case study (contract 14.2): 1 when created, one more with
 * every write to the object's own fields; who wrote that version and when, which a refused
 * update (-32009) reports. Versions count from this column's migration: older objects start at 1.
 */
const versionColumns = () => ({
  version: integer("version").notNull().default(1),
  versionBy: text("version_by").references(() => user.id, { onDelete: "set null" }),
  versionAt: ts("version_at").notNull().defaultNow(),
});

// ---- Accounts (better-auth's tables, written here so migrations own them) ----

export const user = pgTable("user", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  email: text("email").notNull().unique(),
  emailVerified: boolean("email_verified").notNull().default(false),
  image: text("image"),
  createdAt: ts("created_at").notNull().defaultNow(),
  updatedAt: ts("updated_at").notNull().defaultNow(),
});

export const session = pgTable("session", {
  id: text("id").primaryKey(),
  expiresAt: ts("expires_at").notNull(),
  token: text("token").notNull().unique(),
  createdAt: ts("created_at").notNull().defaultNow(),
  updatedAt: ts("updated_at").notNull().defaultNow(),
  ipAddress: text("ip_address"),
  userAgent: text("user_agent"),
  userId: text("user_id")
    .notNull()
    .references(() => user.id, { onDelete: "cascade" }),
});

export const account = pgTable("account", {
  id: text("id").primaryKey(),
  accountId: text("account_id").notNull(),
  providerId: text("provider_id").notNull(),
  userId: text("user_id")
    .notNull()
    .references(() => user.id, { onDelete: "cascade" }),
  accessToken: text("access_token"),
  refreshToken: text("refresh_token"),
  idToken: text("id_token"),
  accessTokenExpiresAt: ts("access_token_expires_at"),
  refreshTokenExpiresAt: ts("refresh_token_expires_at"),
  scope: text("scope"),
  password: text("password"),
  createdAt: ts("created_at").notNull().defaultNow(),
  updatedAt: ts("updated_at").notNull().defaultNow(),
});

export const verification = pgTable("verification", {
  id: text("id").primaryKey(),
  identifier: text("identifier").notNull(),
  value: text("value").notNull(),
  expiresAt: ts("expires_at").notNull(),
  createdAt: ts("created_at").notNull().defaultNow(),
  updatedAt: ts("updated_at").notNull().defaultNow(),
});

// ---- Workspaces (contract 14.1): every exam belongs to one; people are members with a role ----

export const workspace = pgTable(
  "workspace",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    /** The person whose own workspace this is (made at sign-up); null for one made to share. */
    personalOf: text("personal_of").references(() => user.id, { onDelete: "set null" }),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [uniqueIndex("workspace_personal_idx").on(t.personalOf)],
);

export const membership = pgTable(
  "membership",
  {
    workspaceId: integer("workspace_id")
      .notNull()
      .references(() => workspace.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    role: text("role").$type<WorkspaceRole>().notNull(),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.userId] }), index("membership_user_idx").on(t.userId)],
);

/** An invitation link for one role: works once, expires, can be withdrawn (stored as a hash). */
export const invitation = pgTable(
  "invitation",
  {
    id: serial("id").primaryKey(),
    workspaceId: integer("workspace_id")
      .notNull()
      .references(() => workspace.id, { onDelete: "cascade" }),
    role: text("role").$type<WorkspaceRole>().notNull(),
    tokenHash: text("token_hash").notNull(),
    createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: ts("created_at").notNull().defaultNow(),
    expiresAt: ts("expires_at").notNull(),
    acceptedBy: text("accepted_by").references(() => user.id, { onDelete: "set null" }),
    acceptedAt: ts("accepted_at"),
    withdrawnAt: ts("withdrawn_at"),
  },
  (t) => [uniqueIndex("invitation_token_idx").on(t.tokenHash), index("invitation_workspace_idx").on(t.workspaceId)],
);

// ---- API tokens (contract 2.2): stored only as a SHA-256 hash ----

export const apiToken = pgTable(
  "api_token",
  {
    id: serial("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    tokenHash: text("token_hash").notNull(),
    /** The first characters of the token, shown in the list so a person can recognise it. */
    prefix: text("prefix").notNull(),
    createdAt: ts("created_at").notNull().defaultNow(),
    expiresAt: ts("expires_at"),
    lastUsedAt: ts("last_used_at"),
    revokedAt: ts("revoked_at"),
    /** Fixed one-minute rate-limit window, kept on the row so every app process shares it. */
    rateWindow: ts("rate_window"),
    rateCount: integer("rate_count").notNull().default(0),
    /** The workspace the token acts in, and whether it may write there (contract 14.1.4). */
    workspaceId: integer("workspace_id")
      .notNull()
      .references(() => workspace.id, { onDelete: "cascade" }),
    scope: text("scope").$type<"read" | "write">().notNull().default("write"),
  },
  (t) => [uniqueIndex("api_token_hash_idx").on(t.tokenHash), index("api_token_user_idx").on(t.userId)],
);

// ---- Attempt counters of the sign-in, sign-up and bad-token limits (server/auth/throttle.ts) ----

export const throttle = pgTable(
  "throttle",
  {
    /** Which limit ("sign-in/account", "sign-up/client", …). */
    scope: text("scope").notNull(),
    /** A hash of what the limit counts per (an account, a client address, both): no email or address in clear. */
    key: text("key").notNull(),
    count: integer("count").notNull(),
    lastAt: ts("last_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key] }), index("throttle_last_at_idx").on(t.lastAt)],
);

// ---- Exams ----

export const exam = pgTable(
  "exam",
  {
    id: serial("id").primaryKey(),
    ownerId: text("owner_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /** The workspace the exam belongs to (contract 14.1); owner_id is the person who created it. */
    workspaceId: integer("workspace_id")
      .notNull()
      .references(() => workspace.id, { onDelete: "cascade" }),
    type: integer("type").notNull(),
    checkAnswer: integer("check_answer").notNull().default(0),
    title: text("title").notNull(),
    category: text("category").notNull(),
    code: text("code").notNull(),
    shuffleQuestions: boolean("shuffle_questions").notNull().default(true),
    shuffleAnswers: boolean("shuffle_answers").notNull().default(true),
    // Auto-handling state (contract 5). The testing_questions / testing_time in effect are not
    // stored: they follow from this state and question_count (effectiveTesting in
    // server/data/exams.ts), so adding a question changes only the count.
    testingAuto: boolean("testing_auto").notNull().default(true),
    testingLockedQuestions: integer("testing_locked_questions").notNull().default(0),
    testingTimeMode: text("testing_time_mode").$type<"rate" | "none" | "fixed">().notNull().default("rate"),
    testingFixedTime: integer("testing_fixed_time").notNull().default(0),
    evaluationMethod: integer("evaluation_method").notNull(),
    passingScore: integer("passing_score"),
    showDescriptionPage: boolean("show_description_page").notNull().default(false),
    showStandardIntroduction: boolean("show_standard_introduction").notNull().default(true),
    description: text("description").notNull().default(""),
    status: text("status").$type<"draft" | "ready">().notNull().default("draft"),
    questionCount: integer("question_count").notNull().default(0),
    /** Next question position; only grows, so a new question always goes last. */
    nextPosition: integer("next_position").notNull().default(1),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
    ...versionColumns(),
  },
  (t) => [
    index("exam_owner_updated_idx").on(t.ownerId, t.updatedAt.desc(), t.id.desc()),
    index("exam_workspace_updated_idx").on(t.workspaceId, t.updatedAt.desc(), t.id.desc()),
  ],
);

export const caseStudy = pgTable(
  "case_study",
  {
    id: serial("id").primaryKey(),
    examId: integer("exam_id")
      .notNull()
      .references(() => exam.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
    ...versionColumns(),
  },
  (t) => [index("case_study_exam_idx").on(t.examId, t.id)],
);

/**
 * A domain of an exam's blueprint (contract 15.1): the exam's `domains` in `position` order. The
 * weight is the percent of the drawn questions; a code is unique within its exam without regard to
 * case (checked by the exam's schema, server/schemas/exam.ts).
 */
export const examDomain = pgTable(
  "exam_domain",
  {
    id: serial("id").primaryKey(),
    examId: integer("exam_id")
      .notNull()
      .references(() => exam.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    code: text("code").notNull(),
    name: text("name").notNull(),
    weight: integer("weight").notNull().default(0),
  },
  (t) => [index("exam_domain_exam_idx").on(t.examId, t.position)],
);

export const question = pgTable(
  "question",
  {
    id: serial("id").primaryKey(),
    examId: integer("exam_id")
      .notNull()
      .references(() => exam.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    type: integer("type").notNull(),
    question: text("question").notNull(),
    explanation: text("explanation").notNull().default(""),
    caseStudyId: integer("case_study_id").references(() => caseStudy.id, { onDelete: "restrict" }),
    externalId: text("external_id"),
    points: integer("points").notNull().default(1),
    /** The blueprint domain the question tests (contract 15.1 point 3); a removed domain leaves its questions unassigned. */
    domainId: integer("domain_id").references(() => examDomain.id, { onDelete: "set null" }),
    /** Tags as first spelled, without duplicates regardless of case (contract 15.1 point 3). */
    tags: jsonb("tags")
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** The scenarios exam.questionTest runs (contract 16.3 point 1), as their schema outputs them. */
    scenarios: jsonb("scenarios")
      .$type<Scenario[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /**
     * The question this one was copied from, with its exam and its version at the time of the copy
     * (contract 15.2 point 2); null for an original. Not a foreign key: the original may be deleted
     * and the copy still says where it came from.
     */
    copiedFromQuestionId: integer("copied_from_question_id"),
    copiedFromExamId: integer("copied_from_exam_id"),
    copiedFromVersion: integer("copied_from_version"),
    /**
     * What questionSearch matches (contract 15.2 point 1): the question, explanation and answer
     * texts, HTML stripped, lower-cased, accents removed, whitespace collapsed; written by the app
     * with every write of the question's content.
     */
    searchText: text("search_text").notNull().default(""),
    /**
     * search_text's words as an array, computed by the database: questionSearch finds a word's
     * questions through its GIN index (`search_words && $words`) and ranks them without reading the
     * text again. The words come from the vocabulary (`search_word`), which expands a query's word
     * into the stored words it matches (server/data/question-search.ts).
     */
    searchWords: text("search_words")
      .array()
      .generatedAlwaysAs(sql`string_to_array(btrim(search_text), ' ')`),
    /** The question text alone, normalised the same way: what near duplicates compare (15.2 point 3). */
    similarityText: text("similarity_text").notNull().default(""),
    /**
     * The MinHash band keys of similarity_text (server/domain/similarity-keys.ts), written with it:
     * near duplicates at 0.9 or more are the questions sharing a key. '{}' for an empty text, and
     * until the startup backfill has computed them (server/data/search-text.ts).
     */
    similarityKeys: integer("similarity_keys")
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    /**
     * The transaction that last wrote similarity_text or exam_id (its xid8 as a number; a default
     * on insert, a trigger on update, migration 0011): the in-memory similarity indexes of the app's
     * processes read the rows written since they last looked (server/data/similarity-index-store.ts).
     */
    similarityXid: bigint("similarity_xid", { mode: "number" })
      .notNull()
      .default(sql`(pg_current_xact_id()::text::bigint)`),
    /** One more with every write of similarity_text or exam_id: the newest of two reads of a row wins. */
    similarityVersion: integer("similarity_version").notNull().default(1),
    /** The properties of the question's type, as its schema outputs them (server/schemas/question/properties.ts); `typedProperties` pairs them with the type. */
    properties: jsonb("properties")
      .$type<QuestionProperties>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    /** Warnings of the question's own rules at its last save, shown in lists and by the ready check. */
    warnings: jsonb("warnings")
      .$type<{ code: string; path: string; message: string }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
    ...versionColumns(),
  },
  (t) => [
    index("question_exam_position_idx").on(t.examId, t.position),
    // NULLs are distinct, so only questions that carry an external_id compete.
    uniqueIndex("question_exam_external_idx").on(t.examId, t.externalId),
    index("question_case_study_idx").on(t.caseStudyId),
    index("question_domain_idx").on(t.domainId),
    index("question_copied_from_idx").on(t.copiedFromQuestionId),
    // pg_trgm (migration 0007 creates the extension on both databases): word and typo matching
    // of questionSearch, and the similarity of near duplicates.
    index("question_search_trgm_idx").using("gin", t.searchText.op("gin_trgm_ops")),
    index("question_similarity_trgm_idx").using("gin", t.similarityText.op("gin_trgm_ops")),
    // questionSearch's word sets: `search_words && $words` (exact: no row is read to check it).
    index("question_search_words_idx").using("gin", t.searchWords),
    // The similarity keys' candidates: `similarity_keys && $keys`, the default array operators.
    // Without GIN's pending list: every look-up would read the whole list of recent writes, and a
    // question's 30 keys are cheap to put in their places at once.
    index("question_similarity_keys_idx").using("gin", t.similarityKeys).with({ fastupdate: false }),
    // What the similarity indexes read to catch up: the rows written since a transaction horizon.
    index("question_similarity_xid_idx").on(t.similarityXid),
  ],
);

/**
 * Every word that a question's search_text has held, in any workspace: what a query's word is
 * expanded into (the stored words it starts, the whole words one letter different) before the
 * questions are looked up by search_words. Filled by the triggers of migration 0009 on every
 * insert and every change of search_text; never emptied, since a word no question holds any
 * more only expands into a look-up that finds nothing. Never shown to anyone.
 */
export const searchWord = pgTable(
  "search_word",
  {
    word: text("word").primaryKey(),
  },
  (t) => [index("search_word_trgm_idx").using("gin", t.word.op("gin_trgm_ops"))],
);

export const answer = pgTable(
  "answer",
  {
    id: serial("id").primaryKey(),
    questionId: integer("question_id")
      .notNull()
      .references(() => question.id, { onDelete: "cascade" }),
    answer: text("answer").notNull(),
    isCorrect: boolean("is_correct").notNull().default(false),
    order: integer("order").notNull(),
    points: integer("points").notNull().default(0),
    /** The client's own id, echoed with its JSON type (number or string). */
    oldId: jsonbScalar("old_id"),
  },
  (t) => [index("answer_question_idx").on(t.questionId, t.order)],
);

// ---- Media: bytes are content-addressed in the store; a row per owner records who may use them ----

export const media = pgTable(
  "media",
  {
    hash: text("hash").notNull(),
    ownerId: text("owner_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    ext: text("ext").notNull(),
    contentType: text("content_type").notNull(),
    kind: text("kind").$type<"image" | "audio" | "video">().notNull(),
    size: integer("size").notNull(),
    width: integer("width"),
    height: integer("height"),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.hash, t.ownerId] }), index("media_hash_idx").on(t.hash)],
);

// ---- Audit log (contract 12) ----

export const auditLog = pgTable(
  "audit_log",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: text("user_id").notNull(),
    tokenName: text("token_name"),
    at: ts("at").notNull().defaultNow(),
    method: text("method").notNull(),
    objectType: text("object_type").$type<"exam" | "question" | "case_study">().notNull(),
    objectId: integer("object_id").notNull(),
    examId: integer("exam_id").notNull(),
    /** The object as stored after the call; null after a delete. */
    snapshot: jsonb("snapshot").$type<unknown>(),
    /** The object's version this write made (contract 14.2); null for writes that make none. */
    version: integer("version"),
  },
  (t) => [index("audit_exam_idx").on(t.examId, t.id), index("audit_object_idx").on(t.objectType, t.objectId, t.id)],
);

// ---- Presence: who has an exam or question open right now (issue 17) ----

/**
 * One row per open browser tab, renewed by its heartbeat; "now" means seen within the last few
 * seconds. In the database, not in memory, so every app process sees every tab.
 */
export const presence = pgTable(
  "presence",
  {
    /** A random id per page load. */
    tabId: text("tab_id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    examId: integer("exam_id")
      .notNull()
      .references(() => exam.id, { onDelete: "cascade" }),
    /** The question open in the tab; null for the exam page itself. */
    questionId: integer("question_id").references(() => question.id, { onDelete: "cascade" }),
    seenAt: ts("seen_at").notNull().defaultNow(),
  },
  (t) => [index("presence_exam_seen_idx").on(t.examId, t.seenAt)],
);

// ---- Review comments on questions (contract 14.2 rule 5): not question content, so no version and no audit entry ----

export const comment = pgTable(
  "comment",
  {
    id: serial("id").primaryKey(),
    questionId: integer("question_id")
      .notNull()
      .references(() => question.id, { onDelete: "cascade" }),
    /**
     * The question's exam, for reading an exam's comments without its questions (the open counts
     * of the question list). questionUpdate moves it with the question (moveQuestionComments).
     */
    examId: integer("exam_id")
      .notNull()
      .references(() => exam.id, { onDelete: "cascade" }),
    authorId: text("author_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /** Plain text as the author wrote it (trimmed, line breaks as \n); never HTML. */
    body: text("body").notNull(),
    createdAt: ts("created_at").notNull().defaultNow(),
    resolved: boolean("resolved").notNull().default(false),
    resolvedAt: ts("resolved_at"),
    resolvedBy: text("resolved_by").references(() => user.id, { onDelete: "set null" }),
  },
  (t) => [
    // commentList: one question's comments in creation order.
    index("comment_question_idx").on(t.questionId, t.id),
    // The open counts of an exam's question list: only open comments are in it.
    index("comment_exam_open_idx")
      .on(t.examId, t.questionId)
      .where(sql`not ${t.resolved}`),
  ],
);
