// Whole HTTP requests to /api/json: mostly one well-formed call of a registered method with
// mutated params, and around them broken envelopes (id, jsonrpc, method, params, token), batches
// mixing good and bad calls and notifications, and requests broken at the HTTP level (method,
// content type, headers, bodies that are not JSON or not UTF-8).
import fc from "fast-check";
import type { Template } from "./template";
import { longString, nestedText, raw, Ref } from "./template";
import { mutatedParams } from "./mutate";
import { anyValue, deepValue } from "./values";

/** Bytes sent as the body as they are (not UTF-8 text). */
export class RawBytes {
  constructor(
    readonly bytes: Uint8Array,
    readonly label: string,
  ) {}
  [fc.toStringMethod](): string {
    return `Bytes(${this.label})`;
  }
}

export interface FuzzRequest {
  /** Which generator made it, for the statistics and failure reports. */
  kind: "call" | "envelope" | "batch" | "http";
  httpMethod: string;
  headers: Record<string, string>;
  body: Template | RawBytes | null;
}

const JSON_HEADERS = { "content-type": "application/json" };

type Call = { [key: string]: Template };

const envelope = (method: string, params: Template, id: Template = 1): Call => ({
  jsonrpc: "2.0",
  id,
  accessToken: new Ref("tokenA"),
  method,
  params,
});

/** One call of each registered method with mutated params, by method. */
export function requestArbitrary(seeds: Map<string, Template[]>): fc.Arbitrary<FuzzRequest> {
  const methods = [...seeds.keys()];
  const byMethod = new Map(methods.map((m) => [m, mutatedParams(seeds.get(m)!)]));
  const goodCall: fc.Arbitrary<Call> = fc
    .tuple(
      fc.constantFrom(...methods),
      fc.oneof(fc.integer({ min: 1, max: 1_000_000 }), fc.string({ minLength: 1, maxLength: 8 })),
    )
    .chain(([method, id]) => byMethod.get(method)!.map((params) => envelope(method, params, id)));

  const call = goodCall.map((body): FuzzRequest => ({ kind: "call", httpMethod: "POST", headers: JSON_HEADERS, body }));

  const envelopeChange = fc.oneof(
    fc.record({
      field: fc.constant("id"),
      value: fc.constantFrom<Template | undefined>(
        0,
        -1,
        2147483648,
        9007199254740991,
        "",
        "\u0000raw:0",
        "\u0000raw:1",
        "\u0000raw:99",
        "\uD800",
        "x\u0000",
        raw("1.0"),
        raw("-0"),
        raw("1e400"),
        1.5,
        null,
        true,
        {},
        [],
        undefined,
      ),
    }),
    fc.record({
      field: fc.constant("jsonrpc"),
      value: fc.constantFrom<Template | undefined>("2", 2, "1.0", null, undefined, "2.0 ", ""),
    }),
    fc.record({
      field: fc.constant("method"),
      value: fc.constantFrom<Template | undefined>(
        "exam.nope",
        "",
        5,
        null,
        undefined,
        "EXAM.EXAMGET",
        "exam.examget",
        "constructor",
        "__proto__",
        "toString",
        "hasOwnProperty",
        "exam.constructor",
        "exam.",
        ".",
        "exam.examGet\u0000",
        " exam.examGet",
        longString("x", 10_000),
      ),
    }),
    fc.record({
      field: fc.constant("params"),
      value: fc.oneof(
        fc.constantFrom<Template | undefined>(undefined, null, [], "x", 5, true, raw("[1,2]")),
        deepValue,
      ),
    }),
    fc.record({
      field: fc.constant("accessToken"),
      value: fc.constantFrom<Template | undefined>(
        new Ref("tokenB"),
        new Ref("tokenRevoked"),
        new Ref("tokenExpired"),
        new Ref("tokenUnknown"),
        "",
        5,
        null,
        undefined,
        "ek_",
        "Bearer x",
        "\u0000",
        "\uD800",
        longString("a", 5_000),
      ),
    }),
    fc.record({ field: fc.constantFrom("result", "error", "x", "__proto__", "constructor"), value: anyValue }),
  );
  const authorization = fc.constantFrom<Record<string, string>>(
    {},
    { authorization: "Bearer TOKEN_A" },
    { authorization: "Bearer TOKEN_B" },
    { authorization: "bearer TOKEN_A" },
    { authorization: "Bearer" },
    { authorization: "Bearer a b" },
    { authorization: "Basic dXNlcjpwYXNz" },
    { authorization: "Bearer " + "x".repeat(10_000) },
  );
  const brokenEnvelope = fc
    .tuple(goodCall, fc.array(envelopeChange, { minLength: 1, maxLength: 2 }), authorization)
    .map(([c, changes, auth]): FuzzRequest => {
      const body: Call = { ...c };
      for (const { field, value } of changes) {
        if (value === undefined) delete body[field];
        else body[field] = value;
      }
      return { kind: "envelope", httpMethod: "POST", headers: { ...JSON_HEADERS, ...auth }, body };
    });

  const batchEntry = fc.oneof(
    { weight: 4, arbitrary: goodCall as fc.Arbitrary<Template> },
    { weight: 2, arbitrary: goodCall.map(({ id: _id, ...notification }) => notification as Template) },
    { weight: 2, arbitrary: brokenEnvelope.map((r) => r.body as Template) },
    { weight: 1, arbitrary: fc.constantFrom<Template>(1, "x", null, [], {}, [envelope("exam.examList", {})]) },
  );
  const batch = fc
    .oneof(
      { weight: 9, arbitrary: fc.array(batchEntry, { minLength: 1, maxLength: 6 }) },
      // Over LIMIT_BATCH (100): refused as a whole.
      {
        weight: 1,
        arbitrary: fc.constant<Template>(
          Array.from({ length: 101 }, (_, i) => envelope("exam.examList", { limit: 1 }, i)),
        ),
      },
    )
    .map((body): FuzzRequest => ({ kind: "batch", httpMethod: "POST", headers: JSON_HEADERS, body }));

  const contentType = fc.constantFrom<Record<string, string>>(
    {},
    { "content-type": "text/plain" },
    { "content-type": "APPLICATION/JSON" },
    { "content-type": "application/json; charset=latin1" },
    { "content-type": "application/json-patch+json" },
    { "content-type": "application/x-www-form-urlencoded" },
    { "content-type": "multipart/form-data; boundary=x" },
    { "content-type": "" },
    { "content-type": "application/json, text/plain" },
  );
  const utf8 = (s: string) => new TextEncoder().encode(s);
  const oddBody = fc.constantFrom<Template | RawBytes>(
    raw(""),
    raw("{"),
    raw("nul"),
    raw("[]"),
    raw("[[]]"),
    raw("[1,2]"),
    raw('"string"'),
    raw("123"),
    raw("null"),
    raw("true"),
    raw('{"jsonrpc":"2.0","id":1,"method":"exam.examList"} trailing'),
    raw('\uFEFF{"jsonrpc":"2.0","id":1,"method":"exam.examList"}'),
    raw('{"jsonrpc":"2.0","id":1,"method":"exam.examList","params":{}'),
    raw("{'jsonrpc':'2.0'}"),
    raw('{"a":1,}'),
    raw("NaN"),
    nestedText(100_000, "array"),
    nestedText(100_000, "object"),
    new RawBytes(Uint8Array.from([0xff, 0xfe, 0x7b, 0x7d]), "invalid UTF-8 around {}"),
    new RawBytes(
      new Uint8Array([
        ...utf8('{"jsonrpc":"2.0","id":1,"method":"exam.examList","params":{"query":"'),
        0xc0,
        0xaf,
        0xed,
        0xa0,
        0x80,
        0xff,
        ...utf8('"}}'),
      ]),
      "invalid UTF-8 in a string",
    ),
    new RawBytes(
      utf8('{"jsonrpc":"2.0","id":1,"method":"exam.examList"}').map((b, i) => (i === 3 ? 0 : b)),
      "a NUL byte in the JSON",
    ),
  );
  const oddHeaders = fc.constantFrom<Record<string, string>>(
    { "content-encoding": "gzip" },
    { "content-encoding": "identity, br" },
    { accept: "text/html" },
    { origin: "https://evil.example" },
    { "x-forwarded-for": "not an address, ::1, 999.1.1.1" },
    { "x-forwarded-proto": "gopher" },
    { cookie: "better-auth.session_token=garbage" },
    { "x-api-version": "2" },
  );
  const http = fc.oneof(
    fc
      .tuple(goodCall, contentType)
      .map(([body, headers]): FuzzRequest => ({ kind: "http", httpMethod: "POST", headers, body })),
    fc.tuple(goodCall, oddHeaders).map(([body, headers]): FuzzRequest => ({
      kind: "http",
      httpMethod: "POST",
      headers: { ...JSON_HEADERS, ...headers },
      body,
    })),
    fc
      .tuple(goodCall, fc.constantFrom("GET", "PUT", "DELETE", "PATCH", "OPTIONS"))
      .map(([body, httpMethod]): FuzzRequest => ({
        kind: "http",
        httpMethod,
        headers: JSON_HEADERS,
        body: httpMethod === "GET" ? null : body,
      })),
    oddBody.map((body): FuzzRequest => ({ kind: "http", httpMethod: "POST", headers: JSON_HEADERS, body })),
  );

  return fc.oneof(
    { weight: 14, arbitrary: call },
    { weight: 2, arbitrary: brokenEnvelope },
    { weight: 2, arbitrary: batch },
    { weight: 2, arbitrary: http },
  );
}
