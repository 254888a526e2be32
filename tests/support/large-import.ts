// A real-world-shaped import file of 10 to 45 MB (contract 13.3 point 5), built by the tests rather
// than committed: Moodle's own ddmarker test question (tests/fixtures/moodle/ddmarker.xml, README
// there), with its 220 KB map embedded as Moodle embeds it, repeated under distinct names in one
// quiz, as a course's export of many map questions is. The last question ends the file, so an
// import that stores it read the body to its end.
import { readFileSync } from "node:fs";
import path from "node:path";

const FIXTURE = path.resolve(import.meta.dirname, "../fixtures/moodle/ddmarker.xml");

export interface LargeQuiz {
  xml: Uint8Array;
  /** How many questions it holds. */
  questions: number;
  /** The bytes of the map every question embeds. */
  image: Uint8Array;
}

/** A Moodle XML quiz of at least `minBytes`: the fixture's question repeated, each with its own name and text. */
export function largeMoodleQuiz(minBytes: number): LargeQuiz {
  const text = readFileSync(FIXTURE, "utf8");
  const start = text.indexOf('<question type="ddmarker">');
  const end = text.indexOf("</question>", start) + "</question>".length;
  if (start < 0 || end < start) throw new Error("ddmarker.xml no longer holds its ddmarker question");
  const question = text.slice(start, end);
  const questions = Math.ceil(minBytes / Buffer.byteLength(question));
  const copies = Array.from({ length: questions }, (_, k) =>
    question
      .replace("<text>Milton Keynes landmarks</text>", `<text>Milton Keynes landmarks ${k + 1}</text>`)
      .replace("<text>Please place the markers", `<text>Map ${k + 1} of ${questions}. Please place the markers`),
  );
  const xml = `${text.slice(0, start)}${copies.join("\n  ")}${text.slice(end)}`;
  const image = /<file name="mkmap\.png" encoding="base64">([^<]+)<\/file>/.exec(question);
  if (!image) throw new Error("ddmarker.xml no longer embeds mkmap.png");
  return { xml: new TextEncoder().encode(xml), questions, image: new Uint8Array(Buffer.from(image[1]!, "base64")) };
}
