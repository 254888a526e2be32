// Steps through the exam preview (/exams/ID/preview) that its browser tests share.
import type { Page } from "@playwright/test";

/** The question on screen. */
export const question = (page: Page) => page.getByTestId("question");

/** On to the next question. */
export const next = (page: Page) => page.getByRole("button", { name: /^Next/ }).click();

/** From any question to the result, through the summary. */
export async function finish(page: Page) {
  await page.getByRole("button", { name: "Review and finish" }).click();
  await page.getByRole("button", { name: "Finish", exact: true }).click();
  await page.getByRole("button", { name: "Finish and see the result" }).click();
}
