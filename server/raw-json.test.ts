import { describe, expect, it } from "vitest";
import { materialize, RawJson, stringifyWithRaw } from "./raw-json";

describe("RawJson", () => {
  const value = {
    a: 1,
    list: new RawJson<number[]>('[1,2,{"x":"é\\n"}]'),
    nested: [{ raw: new RawJson("null") }],
    text: "\\u0000raw:0 stays text",
  };

  it("is written into JSON as its own text", () => {
    const text = stringifyWithRaw(value);
    expect(text).toBe('{"a":1,"list":[1,2,{"x":"é\\n"}],"nested":[{"raw":null}],"text":"\\\\u0000raw:0 stays text"}');
    expect(JSON.parse(text)).toEqual(materialize(value));
  });

  it("materialises into plain data", () => {
    expect(materialize(value)).toEqual({
      a: 1,
      list: [1, 2, { x: "é\n" }],
      nested: [{ raw: null }],
      text: "\\u0000raw:0 stays text",
    });
  });

  it("leaves values without RawJson as JSON.stringify writes them", () => {
    const plain = { a: [1, "two", null, { b: true }], c: "x\u2028y" };
    expect(stringifyWithRaw(plain)).toBe(JSON.stringify(plain));
    expect(materialize(plain)).toEqual(plain);
  });

  // Found by the fuzz test (issue 14): a client's string id is echoed in the response, and one
  // that spells the marker ("\u0000raw:1") was replaced by a RawJson's text, or by "undefined".
  it("is not fooled by a string or key of the value that looks like its marker", () => {
    for (const forged of ["\u0000raw:0", "\u0000raw:1", "\u0000raw:99", "x\u0000raw:0"]) {
      const response = [
        { id: forged, result: { list: new RawJson("[1]") } },
        { id: 2, result: { [forged]: new RawJson("{}") } },
      ];
      const text = stringifyWithRaw(response);
      expect(JSON.parse(text)).toEqual(materialize(response));
      expect(JSON.parse(text)[0].id).toBe(forged);
    }
  });
});
