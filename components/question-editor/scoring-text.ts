// The Scoring choice's words: a name and one sentence per mode (contract 16.1; the rules with
// worked examples are in docs/api/scoring.md).
import type { ScoringMode } from "@/server/schemas/question";

export const SCORING_TEXT: Record<ScoringMode, { label: string; rule: string }> = {
  all_or_nothing: {
    label: "All or nothing",
    rule: "The question's points are earned only by a fully correct response.",
  },
  per_answer: {
    label: "Per answer",
    rule: "Each correct answer selected earns its share of the points, and each wrong one takes a share away (never below 0).",
  },
  per_target: {
    label: "Per target",
    rule: "Each target holding its draggable earns its share of the points, and each draggable on a wrong target, or on one that should stay empty, takes a share away (never below 0).",
  },
  per_area: {
    label: "Per area",
    rule: "Each correct area selected earns its share of the points, and each wrong one takes a share away (never below 0).",
  },
  absolute_position: {
    label: "Absolute position",
    rule: "Each answer at its own position in the sequence earns its share of the points.",
  },
  relative_next: {
    label: "Relative order (next)",
    rule: "Each answer directly followed by the answer that comes next in the sequence earns a share of the points.",
  },
  longest_ordered_subset: {
    label: "Longest ordered subset",
    rule: "The points go by the most answers that keep their order relative to each other, gaps allowed.",
  },
  longest_contiguous_subset: {
    label: "Longest unbroken run",
    rule: "The points go by the longest run of answers placed one after another in the right order.",
  },
};
