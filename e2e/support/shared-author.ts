// One author per worker instead of one per test, for tests that only look at pages: signed up
// once, with a token and the sample exams made through the API, and every test of the worker
// starting signed in as that author (its session in `storageState`). Tests that change content
// use the per-test author of fixtures.ts instead.
import type { BrowserContextOptions } from "@playwright/test";
import { createTokenInUi, signUp, test as base } from "./fixtures";
import { seedSampleExams, type SampleExams } from "./sample-exams";

export interface SharedAuthor {
  token: string;
  exams: SampleExams;
  storageState: Exclude<BrowserContextOptions["storageState"], string | undefined>;
}

export const test = base.extend<object, { shared: SharedAuthor }>({
  shared: [
    async ({ browser }, use, workerInfo) => {
      const baseURL = workerInfo.project.use.baseURL!;
      const context = await browser.newContext({ baseURL });
      const page = await context.newPage();
      await signUp(page, undefined, baseURL);
      const token = await createTokenInUi(page);
      const exams = await seedSampleExams(context.request, token);
      const storageState = await context.storageState();
      await context.close();
      await use({ token, exams, storageState });
    },
    { scope: "worker" },
  ],
  // Signed in as the shared author, unless a test says otherwise with test.use({ storageState }).
  storageState: async ({ shared }, use) => {
    await use(shared.storageState);
  },
});

export { expect } from "./fixtures";
