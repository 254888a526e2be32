// The API guide (docs/api/*.md, the project's own specification of its API) as pages of the app
// under /docs/guide, read and rendered at build time. The markdown files stay the source: they
// read the same on GitHub, in a clone and in the app. Links between them become links between
// the pages; a link the app cannot follow fails the build (and the unit test before it).
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { Marked, type Tokens } from "marked";
import { HeadingSlugger, isExternalLink, plainText } from "./markdown";

/** The guide's folder in the repository, and the route that serves it. */
export const GUIDE_FOLDER = "docs/api";
export const GUIDE_ROUTE = "/docs/guide";
const INDEX_FILE = "README.md";

export interface GuidePage {
  /** The file in GUIDE_FOLDER, e.g. `methods.md`. */
  file: string;
  /** The route segment, e.g. `methods`; null for the index (README.md). */
  slug: string | null;
  href: string;
  /** The text of the document's first heading. */
  title: string;
}

function guideDir(): string {
  return path.join(process.cwd(), GUIDE_FOLDER);
}

function readGuideFile(file: string): string {
  return readFileSync(path.join(guideDir(), file), "utf8");
}

function slugOf(file: string): string | null {
  return file === INDEX_FILE ? null : file.replace(/\.md$/, "");
}

function hrefOf(slug: string | null): string {
  return slug === null ? GUIDE_ROUTE : `${GUIDE_ROUTE}/${slug}`;
}

function titleOf(markdown: string, file: string): string {
  const heading = new Marked().lexer(markdown).find((t): t is Tokens.Heading => t.type === "heading" && t.depth === 1);
  if (!heading) throw new Error(`${GUIDE_FOLDER}/${file} has no "# title" heading`);
  return plainText(heading.tokens);
}

/**
 * Every page of the guide: the index first, then the pages in the order the index links to
 * them, then any page it does not link to, by name.
 */
export function guidePages(): GuidePage[] {
  const files = readdirSync(guideDir()).filter((f) => f.endsWith(".md"));
  const index = readGuideFile(INDEX_FILE);
  const linked = [...index.matchAll(/\]\(([a-z0-9-]+\.md)[)#]/g)].map((m) => m[1]!);
  const ordered = [
    INDEX_FILE,
    ...new Set(linked.filter((f) => files.includes(f))),
    ...files.filter((f) => f !== INDEX_FILE && !linked.includes(f)).sort(),
  ];
  return [...new Set(ordered)].map((file) => ({
    file,
    slug: slugOf(file),
    href: hrefOf(slugOf(file)),
    title: titleOf(readGuideFile(file), file),
  }));
}

/**
 * Where a link of a guide page leads in the app: another page of the guide (with its anchor),
 * an anchor of the same page, or a page elsewhere. Anything else (a file outside the guide) has
 * no page in the app and is refused.
 */
export function guideLinkTarget(href: string, fromFile: string): string {
  if (href.startsWith("#") || isExternalLink(href)) return href;
  const [target = "", anchor] = href.split("#", 2);
  const resolved = path.posix.normalize(path.posix.join(GUIDE_FOLDER, path.posix.dirname(fromFile), target));
  const file = path.posix.relative(GUIDE_FOLDER, resolved);
  if (file.includes("/") || file.startsWith("..") || !file.endsWith(".md")) {
    throw new Error(
      `${GUIDE_FOLDER}/${fromFile} links to ${href}, which is not a page of the guide; link only to ${GUIDE_FOLDER}/*.md`,
    );
  }
  return hrefOf(slugOf(file)) + (anchor ? `#${anchor}` : "");
}

/** One page of the guide as HTML: headings with GitHub's anchors, links rewritten to the app's routes. */
export function renderGuidePage(page: GuidePage): string {
  const slugger = new HeadingSlugger();
  const marked = new Marked({
    gfm: true,
    walkTokens(token) {
      if (token.type === "link") token.href = guideLinkTarget(token.href, page.file);
    },
    renderer: {
      // The anchor is made of letters, digits, "-" and "_" only: nothing to escape.
      heading({ tokens, depth }) {
        return `<h${depth} id="${slugger.slug(plainText(tokens))}">${this.parser.parseInline(tokens)}</h${depth}>\n`;
      },
    },
  });
  const html = marked.parse(readGuideFile(page.file), { async: false });
  // Code blocks and tables scroll sideways on narrow screens rather than widening the page:
  // focusable, so that a keyboard can scroll them too.
  return html
    .replace(/<pre>/g, '<pre tabindex="0">')
    .replace(/<table>/g, '<div class="guide-table" tabindex="0"><table>')
    .replace(/<\/table>/g, "</table></div>");
}
