// Stored question HTML → the plain text the question list shows and searches. Pure, so the
// server does it once while loading the list and the browser only ever gets short strings.

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === "#") {
      const code = name[1] === "x" || name[1] === "X" ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

const TEX_ANNOTATION = /<annotation\b[^>]*\bencoding="application\/x-tex"[^>]*>([\s\S]*?)<\/annotation>/i;

function formulaText(math: string): string {
  const latex = TEX_ANNOTATION.exec(math)?.[1];
  return latex ?? math.replace(/<[^>]*>/g, " ");
}

/**
 * The text of `html` with tags removed and whitespace collapsed, cut at `max` characters (with an
 * ellipsis). Media without text reads as "[image]" / "[audio]" / "[video]" so a picture-only
 * question is not an empty row.
 */
export function plainText(html: string, max = 1000): string {
  const text = decodeEntities(
    html
      .replace(/<(script|style)[\s\S]*?<\/\1>/gi, " ")
      // A formula reads as the LaTeX it was written in (MathML's own text would run together,
      // "ab" for a fraction), or as its text when it has none.
      .replace(/<math\b[\s\S]*?<\/math\s*>/gi, (math) => ` ${formulaText(math)} `)
      // Block boundaries and line breaks separate words.
      .replace(/<\/?(p|div|br|li|tr|td|th|h[1-6]|blockquote|pre|figcaption|caption)\b[^>]*>/gi, " ")
      .replace(/<[^>]*>/g, ""),
  )
    .replace(/\s+/g, " ")
    .trim();
  if (text === "") {
    const media = /<(img|audio|video)\b/i.exec(html)?.[1]?.toLowerCase();
    return media === "img" ? "[image]" : media ? `[${media}]` : "";
  }
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}
