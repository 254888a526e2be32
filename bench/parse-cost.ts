// npx tsx bench/parse-cost.ts [filter] — what the per-resource check (checkResource: Base64, type
// detection, SVG parsing and sanitising, pixel size) and the HTML policy (cleanHtml) cost on
// pathological input inside the request limits. Each shape runs in a child process of its own,
// so its peak memory (max RSS) is its own; the child runs the shape three times and prints the
// fastest run. The shapes are what an attacker would try first: deep nesting, millions of tiny
// elements, huge attributes, text, entities, comments.
//   filter  only the shapes whose name contains it
//   PARSE_BENCH_HTML_KB  size of the HTML fields (default 512, LIMIT_HTML_KB), to see how cost grows
//   PARSE_BENCH_TIMEOUT_S  time allowed to one shape (default 120)
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { cleanHtml } from "../server/html/policy";
import { checkResource } from "../server/media/check-resource";

const MiB = 1024 * 1024;
const KiB = 1024;
const SVG_OPEN = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">';

/** `unit` repeated until the text is `bytes` long (cut to a whole number of units). */
const fill = (unit: string, bytes: number) => unit.repeat(Math.floor(bytes / unit.length));
const svg = (body: string) => `${SVG_OPEN}${body}</svg>`;

const SVG_SHAPES: Record<string, () => string> = {
  "svg nested <g> ×32k (224 KB)": () => svg("<g>".repeat(32_000) + "</g>".repeat(32_000)),
  "svg nested <g> ×1M (7 MB)": () => svg("<g>".repeat(1_000_000) + "</g>".repeat(1_000_000)),
  "svg <g/> ×4M (16 MiB)": () => svg(fill("<g/>", 16 * MiB - 100)),
  "svg <path d> ×300k (16 MiB, realistic)": () => svg(fill('<path d="M1 2L30 40h5v6z" fill="#abc"/>', 16 * MiB - 100)),
  "svg at every limit: 100,000 elements, 500,000 attributes, 16 MiB": () => {
    const paths = '<path d="M1 2L30 40h5v6z" fill="#abc" stroke="red" id="p" class="c"/>'.repeat(99_998);
    return svg(`${paths}<text>${fill("x", 16 * MiB - paths.length - 200)}</text>`);
  },
  "svg one element, 1.4M attributes (16 MiB)": () => {
    const n = Math.floor((16 * MiB - 100) / 12);
    let attrs = "";
    for (let i = 0; i < n; i++) attrs += ` a${i.toString(36)}="1"`;
    return svg(`<g${attrs.slice(0, 16 * MiB - 120)}/>`);
  },
  "svg 600k xmlns:p declarations on one element": () => {
    let attrs = "";
    for (let i = 0; i < 600_000; i++) attrs += ` xmlns:p${i.toString(36)}="u:${i}"`;
    return svg(`<g${attrs}><p0:x/></g>`);
  },
  "svg each of 250 levels declares 39 prefixes (limit)": () => {
    let open = "";
    for (let d = 0; d < 250; d++) {
      let attrs = "";
      for (let i = 0; i < 39; i++) attrs += ` xmlns:p${i}="u:${d}"`;
      open += `<g${attrs}>`;
    }
    return svg(open + "</g>".repeat(250));
  },
  "svg 16 MiB of text": () => svg(`<text>${fill("x", 16 * MiB - 100)}</text>`),
  "svg 16 MiB of '>' in text (escaped ×4)": () => svg(`<text>${fill(">", 16 * MiB - 100)}</text>`),
  "svg 16 MiB of CDATA": () => svg(`<style><![CDATA[${fill("a{}", 16 * MiB - 100)}]]></style>`),
  "svg 16 MiB attribute value": () => svg(`<rect fill="${fill("a", 16 * MiB - 100)}"/>`),
  "svg 16 MiB of '\"' in an attribute (escaped ×6)": () => svg(`<rect fill='${fill('"', 16 * MiB - 100)}'/>`),
  "svg 16 MiB style attribute, 2M declarations": () => svg(`<rect style="${fill("a:b;", 16 * MiB - 100)}"/>`),
  "svg 16 MiB fill of url(#a) ×": () => svg(`<rect fill="${fill("url(#a) ", 16 * MiB - 100)}"/>`),
  "svg 16 MiB fill of url( without )": () => svg(`<rect fill="${fill("url(#", 16 * MiB - 100)}"/>`),
  "svg DOCTYPE 500k entity declarations": () => {
    let decl = "";
    for (let i = 0; i < 500_000; i++) decl += `<!ENTITY e${i} "v">`;
    return `<!DOCTYPE svg [${decl}]>${svg("<text>&e1;</text>")}`;
  },
  "svg DOCTYPE entity expanded to the growth limit": () =>
    `<!DOCTYPE svg [<!ENTITY a "${"x".repeat(1000)}">]>${svg(`<text>${"&a;".repeat(4000)}</text>`)}`,
  "svg 16 MiB of &lt; references": () => svg(`<text>${fill("&lt;", 16 * MiB - 100)}</text>`),
  "svg 2M empty comments": () => svg(fill("<!---->", 16 * MiB - 100)),
  "svg text split by comments, 1.9M pieces": () => svg(`<text>${fill("a<!---->", 16 * MiB - 100)}</text>`),
  "svg 3M processing instructions": () => svg(fill("<?x?>", 16 * MiB - 100)),
  "svg 16 MiB comment": () => svg(`<!--${fill("x", 16 * MiB - 100)}-->`),
  "svg width=2147483648": () => '<svg xmlns="http://www.w3.org/2000/svg" width="2147483648" height="10"/>',
};

/** 512 KiB fields (LIMIT_HTML_KB), the largest one HTML field may be; PARSE_BENCH_HTML_KB for others. */
const FIELD = Number(process.env.PARSE_BENCH_HTML_KB ?? 512) * KiB - 64;
const HTML_SHAPES: Record<string, () => string> = {
  "html ordinary rich text (baseline)": () =>
    fill(
      '<p>Some <strong>bold</strong> and <em>italic</em> text with <a href="https://example.com/a">a link</a> and x<sub>2</sub>.</p><ul><li>one</li><li>two</li></ul>',
      FIELD,
    ),
  "html plain paragraphs (baseline)": () => fill("<p>Plain text of a question, nothing else in it at all.</p>", FIELD),
  "html one element, 50k attributes": () => {
    let attrs = "";
    for (let i = 0; attrs.length < FIELD - 20; i++) attrs += ` a${i.toString(36)}="1"`;
    return `<p${attrs.slice(0, FIELD - 20)}>x</p>`;
  },
  "html one element, 50k allowed attributes repeated": () => `<img${fill(' alt="x"', FIELD - 20)} src="a.png">`,
  "html 512 KiB attribute value": () => `<p title="${fill("a", FIELD - 20)}">x</p>`,
  "html 512 KiB style value": () => `<p style="${fill("text-align:center;", FIELD - 20)}">x</p>`,
  "html 512 KiB href value": () => `<a href="https://example.com/${fill("a", FIELD - 40)}">x</a>`,
  "html unclosed <p> ×128k": () => fill("<p>", FIELD),
  "html unclosed <b> (depth error)": () => fill("<b>", FIELD),
  "html unclosed <li> ×100k": () => `<ul>${fill("<li>", FIELD - 10)}`,
  "html unclosed <td> ×100k": () => `<table><tr>${fill("<td>", FIELD - 20)}`,
  "html stray </b> ×128k": () => `<p>${fill("</b>", FIELD - 10)}</p>`,
  "html stray </p> ×128k": () => fill("</p>", FIELD),
  "html <b></b> ×73k": () => `<p>${fill("<b></b>", FIELD - 10)}</p>`,
  "html <br> ×128k": () => fill("<br>", FIELD),
  "html <x> (unwrapped) ×170k": () => `<p>${fill("<x>", FIELD - 10)}</p>`,
  "html <x></x> ×75k": () => `<p>${fill("<x></x>", FIELD - 10)}</p>`,
  "html <div> unwrapped pairs, nested 99 ×": () => fill(`${"<div>".repeat(99)}x${"</div>".repeat(99)}`, FIELD),
  "html nested <b> at 99 repeated": () => fill(`${"<b>".repeat(99)}x${"</b>".repeat(99)}`, FIELD),
  "html nested <span> at 99, closed by </p>": () => fill(`<p>${"<span>".repeat(98)}x</p>`, FIELD),
  "html &amp; ×100k": () => `<p>${fill("&amp;", FIELD - 10)}</p>`,
  "html &#x41; ×87k": () => `<p>${fill("&#x41;", FIELD - 10)}</p>`,
  "html &nbsp; ×87k": () => `<p>${fill("&nbsp;", FIELD - 10)}</p>`,
  "html <!----> ×75k": () => `<p>${fill("<!---->", FIELD - 10)}</p>`,
  "html 512 KiB comment": () => `<p>x<!--${fill("a", FIELD - 20)}--></p>`,
  "html <img src> ×20k (media refs)": () => `<p>${fill('<img src="a.png" alt="">', FIELD - 10)}</p>`,
  "html <img src=distinct> ×20k": () => {
    let s = "<p>";
    for (let i = 0; s.length < FIELD - 40; i++) s += `<img src="i${i}.png" alt="">`;
    return `${s}</p>`;
  },
  "html forbidden <script> ×50k (errors)": () => fill("<script>x</script>", FIELD),
  "html onclick= on 40k elements (errors)": () => fill('<p onclick="x">y</p>', FIELD),
  "html <font> warnings ×50k": () => fill('<p><font color="red">y</font></p>', FIELD),
};

function runOne(name: string): void {
  const svgShape = SVG_SHAPES[name];
  const text = (svgShape ?? HTML_SHAPES[name]!)();
  const base64 = svgShape ? Buffer.from(text).toString("base64") : "";
  let best = Infinity;
  let outcome = "";
  for (let run = 0; run < 3; run++) {
    const started = performance.now();
    if (svgShape) {
      const r = checkResource({ key: "n.svg", path: 'resources["n.svg"]', base64, maxBytes: 16 * MiB });
      outcome = r.ok
        ? `ok ${r.detected.ext} ${r.bytes.byteLength} B dims ${JSON.stringify(r.dims)}`
        : `error ${r.errors.map((e) => `${e.code}: ${e.message}`).join("; ")}`;
    } else {
      const r = cleanHtml(text, "explanation", "question.explanation");
      outcome = `${r.errors.length} errors, ${r.warnings.length} warnings, ${r.html.length} chars out${r.errors[0] ? ` (${r.errors[0].code})` : ""}`;
    }
    best = Math.min(best, performance.now() - started);
    if (best > 20_000) break; // one run says enough
  }
  const bytes = Buffer.byteLength(text);
  console.log(
    JSON.stringify({
      name,
      bytes,
      ms: Math.round(best),
      maxRssMB: Math.round(process.resourceUsage().maxRSS / 1024),
      outcome: outcome.slice(0, 160),
    }),
  );
}

function main(): void {
  const filter = process.argv[2] ?? "";
  const script = fileURLToPath(import.meta.url);
  for (const name of [...Object.keys(SVG_SHAPES), ...Object.keys(HTML_SHAPES)]) {
    if (!name.includes(filter)) continue;
    const child = spawnSync(
      process.execPath,
      [...process.execArgv, "--max-old-space-size=4096", script, "--one", name],
      {
        encoding: "utf8",
        timeout: Number(process.env.PARSE_BENCH_TIMEOUT_S ?? 120) * 1000,
      },
    );
    if (child.status === 0) {
      const r = JSON.parse(child.stdout.trim().split("\n").pop()!);
      const perKB = r.ms / (r.bytes / 1024);
      console.log(
        `${name.padEnd(52)} ${String(r.bytes).padStart(9)} B ${String(r.ms).padStart(7)} ms ${perKB.toFixed(3).padStart(7)} ms/KiB ${String(r.maxRssMB).padStart(5)} MB  ${r.outcome}`,
      );
    } else {
      const why = child.error
        ? `timed out or failed: ${child.error.message}`
        : `exit ${child.status}: ${child.stderr.trim().split("\n").slice(-2).join(" ")}`;
      console.log(`${name.padEnd(52)} ${why.slice(0, 200)}`);
    }
  }
}

if (process.argv[2] === "--one") runOne(process.argv[3]!);
else main();
