// What the editor cannot keep of a stored text. The API accepts every element of the HTML policy
// (contract 9.1), but the editor's schema has no node for some of them (a table's caption and
// header/footer sections, figures, video, an answer's table or heading, audio options). The editor
// shows such a text as well as it can; the field keeps the stored HTML until it is edited, and an
// edit writes the editor's form. This compares the stored HTML with what the editor would write
// and names, in words, what an edit would drop, so the author is told before it happens.
// Pure string work on policy-cleaned HTML (double-quoted attributes): no DOM needed.

/** Elements whose absence changes nothing the reader sees (a span carries no style we keep). */
const IGNORED_TAGS = new Set(["span", "source", "tbody"]);
/** Attributes the editor adds or writes differently but that lose nothing. */
const IGNORED_ATTRIBUTES = new Set(["rel", "controls", "allowfullscreen"]);

/** Parts that go with their container: a lost table already says its rows and cells went. */
const PART_OF: Record<string, string> = {
  tr: "table",
  th: "table",
  td: "table",
  thead: "table",
  tfoot: "table",
  caption: "table",
  figcaption: "figure",
};

const TAG_NAMES: Record<string, string> = {
  caption: "table caption",
  thead: "table header section",
  tfoot: "table footer section",
  figure: "figure",
  figcaption: "figure caption",
  video: "video",
  iframe: "embedded video",
  table: "table",
  h1: "heading",
  h2: "heading",
  h3: "heading",
  h4: "heading",
  h5: "heading",
  h6: "heading",
  a: "link",
  img: "image",
  audio: "audio",
  hr: "horizontal line",
  blockquote: "quotation",
  pre: "code block",
};

const TAG = /<([a-zA-Z][a-zA-Z0-9]*)((?:\s+[^\s=>/]+(?:="[^"]*")?)*)\s*\/?>/g;
const ATTRIBUTE = /([^\s=>/]+)(?:="([^"]*)")?/g;

/** Counts of each element and of each element's attribute (`audio@loop`) in `html`. */
function inventory(html: string): Map<string, number> {
  const counts = new Map<string, number>();
  const add = (key: string) => counts.set(key, (counts.get(key) ?? 0) + 1);
  for (const [, rawTag, attributes = ""] of html.matchAll(TAG)) {
    const tag = rawTag!.toLowerCase();
    if (IGNORED_TAGS.has(tag)) continue;
    add(tag);
    for (const [, rawName] of attributes.matchAll(ATTRIBUTE)) {
      const name = rawName!.toLowerCase();
      if (!IGNORED_ATTRIBUTES.has(name)) add(`${tag}@${name}`);
    }
  }
  return counts;
}

function describe(key: string): string {
  const [tag, attribute] = key.split("@") as [string, string | undefined];
  const element = TAG_NAMES[tag] ?? `<${tag}>`;
  if (!attribute) return element;
  if (attribute === "style") return `${element} alignment`;
  return `${element} “${attribute}” setting`;
}

/**
 * What `stored` has that `rewritten` (the editor's form of it) has fewer of, in words, each named
 * once, in the order first met in `stored`. Empty when an edit loses nothing.
 */
export function lostOnEdit(stored: string, rewritten: string): string[] {
  if (stored === rewritten) return [];
  const before = inventory(stored);
  const after = inventory(rewritten);
  const lost: string[] = [];
  for (const [key, count] of before) {
    if ((after.get(key) ?? 0) >= count) continue;
    // An element that is gone already says its attributes and parts went with it.
    const [tag, attribute] = key.split("@") as [string, string | undefined];
    const container = attribute ? tag : PART_OF[tag];
    if (container && (after.get(container) ?? 0) < (before.get(container) ?? 0)) continue;
    const words = describe(key);
    if (!lost.includes(words)) lost.push(words);
  }
  return lost;
}

/** "a, b and c" */
export function listInWords(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}

/**
 * The warning shown at a field whose stored text an edit would change. Shown until the field is
 * edited: from then on the field holds the editor's form, which is what a save stores.
 */
export function editLossWarning(lost: readonly string[]): string | null {
  return lost.length === 0
    ? null
    : `The editor cannot keep this text's ${listInWords(lost)}: it is saved as stored unless you edit this field.`;
}
