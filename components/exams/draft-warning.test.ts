import { describe, expect, it } from "vitest";
import { DRAFT_ACTIONS, draftConsequence, draftGoLabel } from "./draft-warning";

describe("what is said before an action takes a ready exam back to draft", () => {
  it("names the action, the return to draft and the public page going offline", () => {
    expect(draftConsequence("reorder")).toBe(
      "Moving a question takes it back to draft, and its public page goes offline until you mark it ready again.",
    );
    expect(draftConsequence("import")).toBe(
      "Importing questions takes it back to draft, and its public page goes offline until you mark it ready again.",
    );
    expect(draftGoLabel("reorder")).toBe("Move anyway");
    expect(draftGoLabel("saveSettings")).toBe("Save anyway");
  });

  it("says of Back to draft only what it does to the public page", () => {
    expect(draftConsequence("backToDraft")).toBe(
      "Taking it back to draft takes its public page offline until you mark it ready again.",
    );
    expect(draftGoLabel("backToDraft")).toBe("Back to draft");
  });

  it("words every action as a sentence with a button that says what goes on", () => {
    for (const action of DRAFT_ACTIONS) {
      expect(draftConsequence(action)).toMatch(/^[A-Z][a-z]+ .+ until you mark it ready again\.$/);
      expect(draftGoLabel(action)).toMatch(/^[A-Z]/);
    }
  });
});
