// The ONE extension list of the rich-text editor: the editor, the server and the tests build
// their schema from it. No React and nothing browser-only here.
//
// Every node and mark renders only what the HTML policy keeps (contract 9.1, server/html/), in
// the attribute order the policy writes back, so storing the editor's HTML changes nothing and
// raises no warning. That is why several Tiptap defaults are overridden below: table <colgroup>
// and min-width styles, YouTube's wrapper div and size attributes, Link's target/class, the
// code block's language class, an ordered list's `type`, and `text-align: x` (the policy writes
// `text-align:x`). Input rules that would create something the policy refuses (a Markdown image
// with an absolute URL) are off.
import type { AnyExtension } from "@tiptap/core";
import { CodeBlock } from "@tiptap/extension-code-block";
import { Image } from "@tiptap/extension-image";
import { Link } from "@tiptap/extension-link";
import { OrderedList } from "@tiptap/extension-list";
import { Subscript } from "@tiptap/extension-subscript";
import { Superscript } from "@tiptap/extension-superscript";
import { Table, TableCell, TableHeader, TableRow } from "@tiptap/extension-table";
import { TextAlign } from "@tiptap/extension-text-align";
import { Youtube } from "@tiptap/extension-youtube";
import type { Node as PMNode } from "@tiptap/pm/model";
import { StarterKit } from "@tiptap/starter-kit";
import { LINK_REL, TEXT_ALIGN_VALUES } from "@/server/html/allowlist";
import { Audio } from "./audio-node";
import { MathFormula } from "./math-node";
import { isEditorMediaSrc, isLinkHref, isYoutubeEmbed } from "./urls";

export interface RichTextOptions {
  /** Links and YouTube embeds (explanation and descriptions only, contract 9.3). */
  allowLinks?: boolean;
  /** Answers: no headings and no tables. */
  compact?: boolean;
}

export const HEADING_LEVELS = [1, 2, 3, 4, 5, 6] as const;

/** Attributes with a value, in the given order (null/undefined are left out). */
function present(attributes: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(attributes)) {
    if (value !== null && value !== undefined) out[name] = String(value);
  }
  return out;
}

/** The policy's form of an alignment (`text-align:center`), or nothing. */
function alignStyle(align: unknown): { style?: string } {
  return typeof align === "string" && TEXT_ALIGN_VALUES.has(align) ? { style: `text-align:${align}` } : {};
}

/** `text-align` on paragraphs and headings, written as the policy stores it. */
const Alignment = TextAlign.extend({
  addGlobalAttributes() {
    return [
      {
        types: this.options.types,
        attributes: {
          textAlign: {
            default: null,
            parseHTML: (element) =>
              this.options.alignments.includes(element.style.textAlign) ? element.style.textAlign : null,
            renderHTML: (attributes) => alignStyle(attributes.textAlign),
          },
        },
      },
    ];
  },
}).configure({ types: ["heading", "paragraph"], alignments: [...TEXT_ALIGN_VALUES] });

const RichCodeBlock = CodeBlock.extend({
  renderHTML() {
    return ["pre", ["code", 0]];
  },
});

const RichOrderedList = OrderedList.extend({
  renderHTML({ node }) {
    const start = node.attrs.start as number;
    return ["ol", start !== 1 ? { start: String(start) } : {}, 0];
  },
});

/** Inline, so an image can sit in a line of text (an answer "Option <img>"). */
const RichImage = Image.extend({
  addInputRules() {
    return [];
  },
  parseHTML() {
    return [{ tag: "img[src]", getAttrs: (element) => (isEditorMediaSrc(element.getAttribute("src")) ? null : false) }];
  },
  renderHTML({ node }) {
    const { src, alt, title, width, height } = node.attrs;
    return ["img", present({ src, alt, title, width, height })];
  },
}).configure({ inline: true, allowBase64: false });

const RichLink = Link.extend({
  // Text typed right after a link is not part of it (Tiptap makes links inclusive when
  // autolinking; URLs typed are still linked when a space follows them).
  inclusive() {
    return false;
  },
  addAttributes() {
    return { href: { default: null }, title: { default: null } };
  },
  renderHTML({ mark }) {
    const { href, title } = mark.attrs;
    const safeHref = typeof href === "string" && isLinkHref(href) ? href : null;
    // The policy appends rel="noopener noreferrer" to every link; writing it last keeps the
    // stored HTML identical.
    return ["a", { ...present({ href: safeHref, title }), rel: LINK_REL }, 0];
  },
}).configure({
  openOnClick: false,
  enableClickSelection: true,
  defaultProtocol: "https",
  HTMLAttributes: {},
  isAllowedUri: (url) => isLinkHref(url),
});

/** Only the embed address is kept (the dialog turns a watch URL into it). */
const RichYoutube = Youtube.extend({
  addAttributes() {
    return { src: { default: null } };
  },
  parseHTML() {
    return [
      { tag: "iframe[src]", getAttrs: (element) => (isYoutubeEmbed(element.getAttribute("src") ?? "") ? null : false) },
    ];
  },
  renderHTML({ node }) {
    return ["iframe", { src: node.attrs.src as string, allowfullscreen: "" }];
  },
}).configure({ addPasteHandler: false, nocookie: true });

function cellAttributes(node: PMNode): Record<string, string> {
  const { colspan, rowspan, align } = node.attrs;
  return {
    ...(colspan !== 1 ? { colspan: String(colspan) } : {}),
    ...(rowspan !== 1 ? { rowspan: String(rowspan) } : {}),
    ...alignStyle(align),
  };
}

const RichTable = Table.extend({
  renderHTML() {
    return ["table", ["tbody", 0]];
  },
}).configure({ resizable: false });

const RichTableHeader = TableHeader.extend({
  renderHTML({ node }) {
    return ["th", cellAttributes(node), 0];
  },
});

const RichTableCell = TableCell.extend({
  renderHTML({ node }) {
    return ["td", cellAttributes(node), 0];
  },
});

export function richTextExtensions({ allowLinks = false, compact = false }: RichTextOptions = {}): AnyExtension[] {
  const extensions: AnyExtension[] = [
    StarterKit.configure({
      codeBlock: false,
      orderedList: false,
      link: false,
      heading: compact ? false : { levels: [...HEADING_LEVELS] },
    }),
    RichCodeBlock,
    RichOrderedList,
    Subscript,
    Superscript,
    Alignment,
    RichImage,
    Audio,
    MathFormula,
  ];
  if (!compact) extensions.push(RichTable, TableRow, RichTableHeader, RichTableCell);
  if (allowLinks) extensions.push(RichLink, RichYoutube);
  return extensions;
}
