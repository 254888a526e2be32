// The project's markdown documents link only to what a clone has: every relative link names a
// file or folder of the repository, inside it, and every anchor names a heading of its target.
// The API guide's links stay within the guide, so that the app (/docs/guide) can follow them.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { GUIDE_FOLDER, guideLinkTarget, guidePages, renderGuidePage } from "./guide";
import { isExternalLink, markdownAnchors, markdownLinks } from "./markdown";

const root = path.resolve(import.meta.dirname, "../..");

/** README.md, ARCHITECTURE.md and the markdown under docs/ (not node_modules, builds or data). */
function documents(): string[] {
  const top = readdirSync(root).filter((f) => f.endsWith(".md"));
  const underDocs = (dir: string): string[] =>
    readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((e) => {
      const rel = path.posix.join(dir, e.name);
      if (e.isDirectory()) return underDocs(rel);
      return e.name.endsWith(".md") ? [rel] : [];
    });
  return [...top, ...underDocs("docs")];
}

const read = (file: string) => readFileSync(path.join(root, file), "utf8");

/** What is wrong with one link of `from`, or null. */
function linkProblem(from: string, href: string): string | null {
  if (isExternalLink(href)) return null;
  const [target = "", anchor] = href.split("#", 2);
  const file =
    target === "" ? from : path.posix.normalize(path.posix.join(path.posix.dirname(from), decodeURI(target)));
  if (file.startsWith("../") || file === ".." || path.posix.isAbsolute(file)) return "points outside the repository";
  if (!existsSync(path.join(root, file))) return `${file} does not exist`;
  if (anchor !== undefined) {
    if (!file.endsWith(".md") || statSync(path.join(root, file)).isDirectory())
      return "has an anchor into a file that is not markdown";
    if (!markdownAnchors(read(file)).has(anchor)) return `${file} has no heading with the anchor #${anchor}`;
  }
  return null;
}

describe("links between the project's documents", () => {
  const files = documents();

  it("finds the documents, the guide among them", () => {
    expect(files).toEqual(
      expect.arrayContaining(["README.md", "ARCHITECTURE.md", "docs/decisions.md", `${GUIDE_FOLDER}/README.md`]),
    );
  });

  it.each(files)("every relative link of %s resolves inside the repository", (file) => {
    const problems = markdownLinks(read(file))
      .map((href) => ({ href, problem: linkProblem(file, href) }))
      .filter((l) => l.problem !== null);
    expect(problems).toEqual([]);
  });

  it.each(files)("%s refers to nothing outside the repository", (file) => {
    expect(
      read(file)
        .split("\n")
        .filter((line) => /\.\.\/shared|shared\/spec\//.test(line)),
    ).toEqual([]);
  });

  it("finds a dead link and a dead anchor", () => {
    expect(linkProblem("docs/api/README.md", "missing.md")).toBe("docs/api/missing.md does not exist");
    expect(linkProblem("docs/api/README.md", "methods.md#no-such-heading")).toMatch(/no heading/);
    expect(linkProblem("README.md", "../shared/spec/contract.md")).toBe("points outside the repository");
    expect(linkProblem("docs/api/README.md", "methods.md#examexamcreate")).toBeNull();
  });
});

describe("the API guide in the app", () => {
  it("links only to its own pages, so every link has a page at /docs/guide", () => {
    for (const page of guidePages()) {
      for (const href of markdownLinks(read(`${GUIDE_FOLDER}/${page.file}`))) {
        expect(() => guideLinkTarget(href, page.file), `${page.file}: ${href}`).not.toThrow();
      }
    }
    expect(() => guideLinkTarget("../decisions.md", "README.md")).toThrow(/not a page of the guide/);
    expect(guideLinkTarget("methods.md#examexamget", "README.md")).toBe("/docs/guide/methods#examexamget");
    expect(guideLinkTarget("README.md", "methods.md")).toBe("/docs/guide");
  });

  it("renders every page with an anchor on each heading and no raw HTML of its own", () => {
    const pages = guidePages();
    expect(pages[0]!.href).toBe("/docs/guide");
    expect(pages.length).toBe(readdirSync(path.join(root, GUIDE_FOLDER)).filter((f) => f.endsWith(".md")).length);
    for (const page of pages) {
      const html = renderGuidePage(page);
      const anchors = [...html.matchAll(/<h[1-6] id="([^"]+)"/g)].map((m) => m[1]);
      expect(new Set(anchors), page.file).toEqual(markdownAnchors(read(`${GUIDE_FOLDER}/${page.file}`)));
      const tags = new Set([...html.matchAll(/<([a-z][a-z0-9]*)/g)].map((m) => m[1]));
      const markdownTags = [
        "h1",
        "h2",
        "h3",
        "h4",
        "p",
        "a",
        "code",
        "pre",
        "ul",
        "ol",
        "li",
        "strong",
        "em",
        "div",
        "table",
        "thead",
        "tbody",
        "tr",
        "th",
        "td",
        "br",
        "hr",
        "blockquote",
      ];
      expect(
        [...tags].filter((t) => !markdownTags.includes(t!)),
        page.file,
      ).toEqual([]);
    }
  });
});
