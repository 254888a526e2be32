// An image question without its image says one thing, where the image goes: "Upload the image
// first." Not "Options: Fill this in. Areas: Fill this in. Correct areas: Fill this in." for
// the parts that can only be made once there is an image (issue 23, defect 5).
import { expect, fieldErrors, fieldWarnings, rpcOk, test } from "./support/fixtures";

// Three editors opened and saved in turn: more than the default minute on a busy machine.
test.slow();

test("an image question saved without its image asks for the image once, where it goes", async ({
  page,
  request,
  token,
}) => {
  const { exam } = await rpcOk(request, token, "exam.examCreate", {
    exam: { type: 2, title: "Diagrams", category: "IT", code: "DIA-1", evaluation_method: 2, passing_score: 50 },
  });
  for (const type of [3, 4, 5]) {
    await page.goto(`/exams/${exam.id}/questions/new?type=${type}`);
    await page.getByRole("textbox", { name: "Question", exact: true }).click();
    await page.keyboard.type("Find the router.");
    // Typing alone shows the live check: the image is what is missing.
    const placeholder = page.getByTestId("area-image-placeholder");
    await expect(placeholder.locator('[data-kind="error"]')).toHaveText("Upload the image first.");
    await expect(fieldErrors(page)).toHaveText(["Upload the image first."]);
    await expect(fieldWarnings(page)).toHaveCount(0);
    await expect(page.getByText("Fill this in.")).toHaveCount(0);

    // A save is refused by the server for the same reason, said the same way, once.
    await page.getByRole("button", { name: "Save question" }).click();
    await expect(page.getByTestId("save-status")).toHaveText(/^Not saved/);
    await expect(fieldErrors(page)).toHaveText(["Upload the image first."]);
    await expect(page.getByText("Fill this in.")).toHaveCount(0);
    expect((await rpcOk(request, token, "exam.examGet", { id: exam.id })).exam.question_count).toBe(0);
  }
});
