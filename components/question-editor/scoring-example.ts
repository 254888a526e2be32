// The worked example under the Scoring choice: a typical partly right response to the question
// as it is in the editor, scored by the one scoring function under the chosen mode and under all
// or nothing ("A candidate who selects 2 of 3 correct answers earns 0.67 of 1 point; all or
// nothing: 0."). Null while the question has too little to be partly right.
import { scoreQuestion } from "@/server/domain/scoring/question-score";
import type { CandidateResponse, ScoredQuestion } from "@/server/domain/scoring/types";
import { ALL_OR_NOTHING, QUESTION_TYPE } from "@/server/schemas/question";

interface PartlyRight {
  /** What the candidate does, after "a candidate who". */
  doing: string;
  response: CandidateResponse;
}

const points = (n: number) => `${n} ${n === 1 ? "point" : "points"}`;

/** One partly right response of the question's type, or null when there is none to show. */
function partialResponse(q: ScoredQuestion): PartlyRight | null {
  switch (q.type) {
    case QUESTION_TYPE.multipleChoice: {
      const correct = q.answers.filter((a) => a.is_correct).map((a) => a.id);
      const wrong = q.answers.find((a) => !a.is_correct)?.id;
      if (correct.length >= 2)
        return {
          doing: `selects ${correct.length - 1} of the ${correct.length} correct answers`,
          response: { type: q.type, answerIds: correct.slice(0, -1) },
        };
      if (correct.length === 1 && wrong !== undefined)
        return {
          doing: "selects the correct answer and a wrong one",
          response: { type: q.type, answerIds: [correct[0]!, wrong] },
        };
      return null;
    }
    case QUESTION_TYPE.dragAndDrop: {
      const pairs = Object.entries(q.properties.match);
      if (pairs.length < 2) return null;
      return {
        doing: `places ${pairs.length - 1} of the ${pairs.length} draggables right and leaves one target empty`,
        response: { type: q.type, placements: Object.fromEntries(pairs.slice(0, -1)) },
      };
    }
    case QUESTION_TYPE.pointAndShoot:
    case QUESTION_TYPE.hotArea: {
      const { correct } = q.properties;
      const right = Object.keys(correct).filter((id) => correct[id]);
      const wrong = q.properties.areas.find((a) => !correct[a.id])?.id;
      if (right.length >= 2)
        return {
          doing: `selects ${right.length - 1} of the ${right.length} correct areas`,
          response: { type: q.type, areaIds: right.slice(0, -1) },
        };
      if (right.length === 1 && wrong !== undefined)
        return {
          doing: "selects the correct area and a wrong one",
          response: { type: q.type, areaIds: [right[0]!, wrong] },
        };
      return null;
    }
    case QUESTION_TYPE.sort: {
      const sequence = q.answers
        .filter((a) => a.is_correct)
        .sort((a, b) => (a.order ?? 0) - (b.order ?? 0))
        .map((a) => a.id);
      if (sequence.length < 2) return null;
      const [first, second, ...rest] = sequence;
      return {
        doing: "swaps the first two answers of the sequence",
        response: { type: q.type, order: [second!, first!, ...rest] },
      };
    }
    default:
      return null;
  }
}

/** The example sentence for `question` under its own scoring mode, or null. */
export function scoringExample(question: ScoredQuestion): string | null {
  const partial = partialResponse(question);
  if (!partial) return null;
  const score = scoreQuestion(question, partial.response);
  const mode = "scoring" in question.properties ? question.properties.scoring : undefined;
  const sentence = `A candidate who ${partial.doing} earns ${score.points} of ${points(score.maxPoints)}`;
  if (mode === undefined || mode === ALL_OR_NOTHING) return `${sentence}.`;
  const strict = { ...question, properties: { ...question.properties, scoring: ALL_OR_NOTHING } } as ScoredQuestion;
  return `${sentence}; all or nothing: ${scoreQuestion(strict, partial.response).points}.`;
}
