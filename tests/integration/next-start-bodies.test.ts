// Large request bodies under `next start` (issue 23): Next's own server, not scripts/server.mjs, so
// /api/json goes through Next's router and route handler (app/api/json/route.ts →
// server/rpc/web-adapter.ts). Next's proxy (proxy.ts) buffers the body of a request it runs for
// only up to proxyClientMaxBodySize (10 MB by default) and hands the handler the rest cut off, so a
// valid call over 10 MB was answered -32700 "not valid JSON". Every body up to LIMIT_BODY_MB
// (64 MiB) must reach the handler whole; a resource over LIMIT_RESOURCE_MB is -32013 at its path;
// a body over LIMIT_BODY_MB is HTTP 413 / -32013. An import of a real-world-shaped file over 10 MB
// (contract 13.3 point 5) comes in whole. One build and one server for the whole file.
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeSizedWav, mediaPath, toBase64 } from "../support/media-fixtures";
import { largeMoodleQuiz } from "../support/large-import";
import { buildApp, NEXT_START_SETUP_MS, startNextServer, stopNextServer } from "../support/next-server";
import {
  cleanUpServerProcesses,
  okCall,
  PORT,
  pgliteTarget,
  postgresTarget,
  userWithTokens,
  type ServerProcess,
  type Target,
} from "../support/server-process";
import { DB_KIND } from "../support/test-app";
import type { RpcFailure } from "@/server/rpc/envelope";

/** What these tests read of an answer. */
type Answer = Partial<Pick<RpcFailure, "error" | "errors">> & {
  result?: { completed: true; resources: Record<string, string> };
};

/** What the large import's test reads of exam.examImport's result. */
interface ImportAnswer {
  created: number;
  items: { ref: string; question_id: number | null }[];
}

const MiB = 1024 * 1024;
let target: Target;
let server: ServerProcess;
let token: string;
let examId: number;

afterAll(cleanUpServerProcesses);
beforeAll(async () => {
  // The database is made while the app builds (when it must).
  const [, made] = await Promise.all([
    buildApp(),
    (DB_KIND === "postgres" ? postgresTarget() : pgliteTarget()).then(async (t) => ({
      t,
      user: await userWithTokens(t, 1),
    })),
  ]);
  target = made.t;
  token = made.user.tokens[0]!;
  server = await startNextServer(PORT.nextStart, target.env);
  examId = (
    await okCall(server, token, "exam.examCreate", {
      exam: { type: 2, title: "Large bodies", category: "Tests", code: "BIG", evaluation_method: 1, passing_score: 70 },
    })
  ).exam.id;
}, NEXT_START_SETUP_MS);
afterAll(async () => {
  if (server) await stopNextServer(server);
});

/** A single choice question playing each sound of `sounds` (name → bytes). */
function questionWith(sounds: Record<string, Uint8Array>, text: string) {
  const players = Object.keys(sounds)
    .map((name) => `<audio controls src="${name}"></audio>`)
    .join("");
  return {
    question: { exam_id: examId, type: 1, question: `<p>${text}</p>${players}` },
    answers: [
      { answer: "<p>Yes</p>", is_correct: true },
      { answer: "<p>No</p>", is_correct: false },
    ],
    resources: Object.fromEntries(Object.entries(sounds).map(([name, bytes]) => [name, toBase64(bytes)])),
  };
}

const envelope = (method: string, params: unknown) =>
  JSON.stringify({ jsonrpc: "2.0", id: 1, accessToken: token, method, params });

const questionCount = async () =>
  (await okCall(server, token, "exam.questionList", { exam_id: examId })).questions.length as number;

describe("request bodies under next start", () => {
  it("a 61 MB questionCreate (four 11.5 MB sound files) reaches the handler whole and is stored", async () => {
    const sounds = Object.fromEntries([1, 2, 3, 4].map((i) => [`part-${i}.wav`, makeSizedWav(11_500_000, i)] as const));
    const body = envelope("exam.questionCreate", questionWith(sounds, "Four long recordings"));
    expect(Buffer.byteLength(body)).toBeGreaterThan(60_000_000);
    expect(Buffer.byteLength(body)).toBeLessThan(64 * MiB);

    const reply = await post(body);
    expect(reply.status, JSON.stringify(reply.body).slice(0, 500)).toBe(200);
    expect(reply.body.error, JSON.stringify(reply.body).slice(0, 500)).toBeUndefined();
    expect(reply.body.result?.completed).toBe(true);
    // Each file stored whole: its name is the SHA-256 of all its bytes, and so is its size.
    for (const [name, bytes] of Object.entries(sounds)) {
      const stored = mediaPath(bytes, "wav");
      expect(reply.body.result?.resources[name]).toBe(stored);
      expect(fs.statSync(path.join(target.mediaDir, path.basename(stored))).size).toBe(bytes.byteLength);
    }
  });

  it("a 12 MB Moodle XML of Moodle's own map questions imports whole: every question, the last one too", async () => {
    const quiz = largeMoodleQuiz(12_000_000);
    const body = envelope("exam.examImport", {
      file: { name: "maps.xml", base64: toBase64(quiz.xml) },
      exam: { type: 2, title: "Maps", category: "Tests", code: "MAPS", evaluation_method: 1, passing_score: 50 },
    });
    // Beyond the 10 MB at which Next's proxy cut bodies, within LIMIT_IMPORT_MB.
    expect(Buffer.byteLength(body)).toBeGreaterThan(16_000_000);
    const reply = await post(body);
    expect(reply.status).toBe(200);
    const result = (reply.body as { result?: ImportAnswer }).result;
    expect(result?.created, JSON.stringify(reply.body).slice(0, 500)).toBe(quiz.questions);
    // The last question of the file, at the end of the body, is stored with its text and map.
    const last = result!.items.at(-1)!;
    expect(last.ref).toContain(`Milton Keynes landmarks ${quiz.questions}`);
    const { question } = await okCall(server, token, "exam.questionGet", { id: last.question_id! });
    expect(question.question).toContain(`Map ${quiz.questions} of ${quiz.questions}.`);
    expect((question.properties as { image: string }).image).toBe(mediaPath(quiz.image, "png"));
  });

  it("a 17 MiB resource is -32013 at its path (not a cut body's -32700), and nothing is stored", async () => {
    const before = await questionCount();
    const sound = makeSizedWav(17 * MiB, 7);
    const reply = await post(envelope("exam.questionCreate", questionWith({ "long.wav": sound }, "Too long")));
    expect(reply.status).toBe(200);
    expect(reply.body.error?.code, JSON.stringify(reply.body).slice(0, 500)).toBe(-32013);
    expect(reply.body.error?.data?.issues).toEqual([
      expect.objectContaining({ code: "too_large", path: 'resources["long.wav"]' }),
    ]);
    expect(reply.body.errors?.[0]).toMatch(/^resources\["long\.wav"\]: .*16 MiB/);
    expect(await questionCount()).toBe(before);
  });

  it("a body over LIMIT_BODY_MB (64 MiB) is HTTP 413 with -32013, and the server goes on serving", async () => {
    const before = await questionCount();
    const sound = makeSizedWav(48 * MiB, 9);
    const body = envelope("exam.questionCreate", questionWith({ "huge.wav": sound }, "Over the body limit"));
    expect(Buffer.byteLength(body)).toBeGreaterThan(64 * MiB);
    const reply = await post(body);
    expect(reply.status).toBe(413);
    expect(reply.body.error?.code).toBe(-32013);
    expect(reply.body.errors?.[0]).toMatch(/64 MiB/);
    expect(await questionCount()).toBe(before);
  });
});

/**
 * POST a body to /api/json on a connection of its own: a kept-alive one may have been closed by the
 * server while the test built its body. A refused body may be answered while it is still being
 * sent, after which the server closes the connection: an error writing the rest then does not count.
 */
async function post(body: string): Promise<{ status: number; body: Answer }> {
  // When the server refuses a body it is still receiving, it answers and closes the connection,
  // and the client's socket may be reset before Node has read that answer (EPIPE or ECONNRESET
  // on a loaded machine): the same body is then sent again, on a new connection.
  for (let attempt = 1; ; attempt++) {
    try {
      return await postOnce(body);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (attempt >= 3 || (code !== "EPIPE" && code !== "ECONNRESET")) throw error;
    }
  }
}

function postOnce(body: string): Promise<{ status: number; body: Answer }> {
  return new Promise((resolve, reject) => {
    let answered = false;
    const req = http.request(
      {
        host: "127.0.0.1",
        port: server.port,
        method: "POST",
        path: "/api/json",
        agent: false,
        headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body) },
      },
      (res) => {
        answered = true;
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode!, body: JSON.parse(Buffer.concat(chunks).toString()) }));
        res.on("error", reject);
      },
    );
    req.on("error", (error) => {
      if (!answered) reject(error);
    });
    req.end(body);
  });
}
