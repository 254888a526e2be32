import { describe, expect, it } from "vitest";
import { authorText } from "../issues/author-text";
import { NUMBER_RULES, readNumber } from "./number-text";

describe("readNumber", () => {
  it("takes whole numbers in the field's range as typed", () => {
    expect(readNumber(" 25 ", NUMBER_RULES.testingTime, "exam.testing_time")).toEqual({ ok: true, value: 25 });
    expect(readNumber("0", NUMBER_RULES.passingScore, "exam.passing_score")).toEqual({ ok: true, value: 0 });
    expect(readNumber("-3", NUMBER_RULES.itemPoints, "answers[0].points")).toEqual({ ok: true, value: -3 });
    expect(readNumber("", NUMBER_RULES.itemPoints, "answers[0].points")).toEqual({ ok: true, value: undefined });
  });

  it.each(["-5", "thirty", "2.5", "1e3", "0x10", "", "99999999999"])(
    "refuses %j for a time limit, saying what the field takes",
    (typed) => {
      const read = readNumber(typed, NUMBER_RULES.testingTime, "exam.testing_time");
      expect(read.ok).toBe(false);
      if (read.ok) return;
      expect(read.issue).toMatchObject({ code: "invalid_number", path: "exam.testing_time" });
      expect(authorText(read.issue)).toBe("Enter a whole number of minutes, 0 or more.");
    },
  );

  it("words a range with both ends", () => {
    const read = readNumber("150", NUMBER_RULES.passingScore, "exam.passing_score");
    expect(read.ok ? null : authorText(read.issue)).toBe("Enter a whole number from 0 to 100.");
  });
});
