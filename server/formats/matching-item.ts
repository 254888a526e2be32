// A matching question of any format (GIFT `->`, Moodle `match`, QTI match and associate
// interactions) as the params of a Drag & Drop item (contract 13.3 point 3): the stems are the
// targets and the distinct choices the draggables of an image drawn by matching-image.ts;
// `match` comes from the key, and OneToOneMatching is on when every choice is used once. Pure,
// but for the font of the image.
import { encodeBase64 } from "../media/base64";
import { QUESTION_TYPE } from "../schemas/question";
import { matchingImage } from "./matching-image";
import type { ItemParams, ItemQuestion } from "./types";

/** One pair as the file holds it, in plain text; a pair without a stem is a choice that belongs nowhere. */
export interface MatchingPair {
  stem: string;
  choice: string;
}

/** The name of the generated image among the question's resources. */
export const MATCHING_IMAGE = "matching.png";

/** A matching question drawn as Drag & Drop: the question and the bytes of its image (MATCHING_IMAGE). */
export interface MatchingDrawn {
  question: ItemQuestion;
  png: Uint8Array;
}

/**
 * The Drag & Drop question of the pairs and its image, with the conversion's warning added to
 * `warnings`; null when the question cannot be drawn, with a `skipped:` warning saying why.
 * The targets are `targ-1`… in the stems' order, the tiles `drag-1`… in the choices' order of
 * first appearance (a stemless pair places its choice in that order too).
 */
export function matchingQuestion(
  pairs: readonly MatchingPair[],
  question: ItemQuestion,
  warnings: string[],
): MatchingDrawn | null {
  const choices: string[] = [];
  const indexOf = (choice: string) => {
    const at = choices.indexOf(choice);
    if (at >= 0) return at;
    choices.push(choice);
    return choices.length - 1;
  };
  const stems: string[] = [];
  const key: number[] = [];
  for (const pair of pairs) {
    const choice = indexOf(pair.choice);
    if (pair.stem === "") continue;
    stems.push(pair.stem);
    key.push(choice);
  }
  if (stems.length === 0) {
    warnings.push("skipped: it is a matching question without a stem to match, which Exam Studio cannot represent");
    return null;
  }
  const image = matchingImage({ stems, choices, key });
  if (!image.ok) {
    warnings.push(`skipped: it is a matching question whose ${image.message}, so it cannot be drawn as Drag & Drop`);
    return null;
  }
  warnings.push(
    `converted to Drag & Drop on a generated image (${MATCHING_IMAGE}, ${image.width}×${image.height} pixels): each of its ${stems.length} stems is a target, each of its ${choices.length} choices a draggable tile in the tray beside them`,
  );
  return {
    question: {
      ...question,
      type: QUESTION_TYPE.dragAndDrop,
      properties: {
        image: MATCHING_IMAGE,
        areas: image.areas,
        options: { FixedHeight: false, FixedWidth: false, OneToOneMatching: image.oneToOne },
        match: image.match,
      },
    },
    png: image.png,
  };
}

/**
 * The Drag & Drop params of the pairs (the image among the resources), with the conversion's
 * warning added to `warnings`; null when the question cannot be drawn, with a `skipped:` warning
 * saying why.
 */
export function matchingParams(
  pairs: readonly MatchingPair[],
  question: ItemQuestion,
  warnings: string[],
): ItemParams | null {
  const drawn = matchingQuestion(pairs, question, warnings);
  if (drawn === null) return null;
  return { question: drawn.question, resources: { [MATCHING_IMAGE]: encodeBase64(drawn.png) } };
}
