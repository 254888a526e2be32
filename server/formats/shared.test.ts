import { describe, expect, it } from "vitest";
import {
  decodeEntities,
  htmlMediaRefs,
  isJsonText,
  itemPath,
  lineAndColumn,
  numberedRef,
  resourcesFor,
  storedMediaPaths,
  utf8Text,
} from "./shared";

describe("the formats' shared helpers", () => {
  it("find the stored media paths of texts, each once", () => {
    const a = `/media/${"a".repeat(64)}.png`;
    const b = `/media/${"0".repeat(64)}.mp3`;
    expect(
      storedMediaPaths([`<img src="${a}"><img src="${a}">`, JSON.stringify({ image: b }), "/media/short.png"]),
    ).toEqual([a, b]);
  });

  it("find the media an HTML text refers to, in src and poster attributes however quoted", () => {
    expect(
      htmlMediaRefs(
        `<img src="a.png"><img alt='x' src='b c.png'><video poster=p.png src = "v.mp4"><source src="s.webm"></video><img data-src="no.png">`,
      ),
    ).toEqual(["a.png", "b c.png", "p.png", "v.mp4", "s.webm"]);
    expect(htmlMediaRefs(`<img src="img/a&amp;b.png"><img src="&#x2F;x.png">`)).toEqual(["img/a&b.png", "/x.png"]);
    expect(decodeEntities("&lt;&gt;&quot;&apos;&#39;&#0;&unknown;")).toBe(`<>"''&#0;&unknown;`);
  });

  it("take from the file's media what an item refers to, and note what was used", () => {
    const used = new Set<string>();
    expect(
      resourcesFor(
        { "a.png": "A", "b.png": "B", "c.png": "C" },
        ['<img src="a.png"><img src="z.png">'],
        ["b.png", 5],
        used,
      ),
    ).toEqual({ "a.png": "A", "b.png": "B" });
    expect([...used]).toEqual(["a.png", "b.png"]);
  });

  it("name items and their paths", () => {
    expect(numberedRef("question", 2, "Q-7")).toBe("question 3 (external id Q-7)");
    expect(numberedRef("question", 0, " ")).toBe("question 1");
    expect(itemPath(2)).toBe("items[2]");
    expect(itemPath(2, "question.points")).toBe("items[2].question.points");
    expect(itemPath(2, '["x"]')).toBe('items[2]["x"]');
  });

  it("read UTF-8 without its byte order mark, and say where an offset is", () => {
    expect(utf8Text(new TextEncoder().encode("\uFEFFé"))).toBe("é");
    expect(utf8Text(Uint8Array.from([0xc3]))).toBeNull();
    expect(lineAndColumn("ab\ncd\ne", 4)).toEqual({ line: 2, column: 2 });
    expect(lineAndColumn("ab", 99)).toEqual({ line: 1, column: 3 });
  });

  it("tell a JSON document from text that only starts like one", () => {
    expect(isJsonText(' \n{"a": "Q{=x}"}')).toBe(true);
    expect(isJsonText('["x"]')).toBe(true);
    expect(isJsonText("{=a ~b} is not JSON")).toBe(false);
    expect(isJsonText("[html]Q{=a}")).toBe(false);
  });
});
