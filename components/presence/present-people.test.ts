import { describe, expect, it } from "vitest";
import type { PresentTabView } from "@/server/web/presence";
import { presentPeople } from "./present-people";

const ann = (questionNumber: number | null): PresentTabView => ({
  userId: "a",
  name: "Ann Lee",
  email: "ann@example.com",
  questionId: questionNumber && questionNumber + 100,
  questionNumber,
  self: false,
});
const me = (questionNumber: number | null): PresentTabView => ({
  userId: "m",
  name: "Me",
  email: "me@example.com",
  questionId: questionNumber && questionNumber + 100,
  questionNumber,
  self: true,
});

describe("presentPeople", () => {
  it("names each person once, with the places their tabs are open, others before this author", () => {
    const people = presentPeople([me(null), ann(3), ann(null), ann(1)], false);
    expect(people.map((p) => [p.label, p.initials, p.where])).toEqual([
      ["Ann Lee", "AL", "on the exam page and questions 1, 3"],
      ["You", "M", "in another tab"],
    ]);
    expect(people[0]!.title).toBe("Ann Lee (ann@example.com), on the exam page and questions 1, 3");
    expect(people[1]!.title).toBe("You, in another tab (on the exam page)");
  });

  it("on a question's page says no more than that they are here", () => {
    const people = presentPeople([ann(2), me(2), me(2)], true);
    expect(people.map((p) => [p.label, p.where, p.title])).toEqual([
      ["Ann Lee", "here", "Ann Lee (ann@example.com), on this question"],
      ["You", "in 2 other tabs", "You, in 2 other tabs"],
    ]);
  });

  it("uses the address when there is no name", () => {
    const [person] = presentPeople(
      [{ userId: "x", name: " ", email: "bo.ray@example.com", questionId: 9, questionNumber: 4, self: false }],
      false,
    );
    expect([person!.label, person!.initials, person!.where]).toEqual(["bo.ray@example.com", "BR", "on question 4"]);
  });

  it("is empty when nobody else is there", () => {
    expect(presentPeople([], false)).toEqual([]);
  });
});
