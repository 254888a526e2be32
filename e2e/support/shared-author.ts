// One author per worker instead of one per test, for tests that only look at pages: signed up
// once, the owner of a shared workspace (so the header's switcher lists several workspaces, as a
// member of a team sees it) in which a token and the sample exams are made through the API, with
// a viewer who joined through a link and an invitation still pending (so the members page lists
// people and invitations). Every test of the worker starts signed in as that author (its session
// in `storageState`); `viewerState` signs in as the viewer. Tests that change content use the
// per-test author of fixtures.ts instead.
import type { BrowserContextOptions } from "@playwright/test";
import { createTokenInUi, newAuthorDetails, signUp, test as base } from "./fixtures";
import { seedSampleExams, type SampleExams } from "./sample-exams";
import { createWorkspaceInUi, inviteLink, joinThroughLink } from "./teams";

type StorageState = Exclude<BrowserContextOptions["storageState"], string | undefined>;

export interface SharedAuthor {
  token: string;
  exams: SampleExams;
  /** The shared workspace the exams are in. */
  workspace: string;
  /** A pending invitation link to it (viewer). */
  invitation: string;
  storageState: StorageState;
  /** The session of a viewer of the shared workspace. */
  viewerState: StorageState;
}

export const SHARED_WORKSPACE = "Accessibility team";

export const test = base.extend<object, { shared: SharedAuthor }>({
  shared: [
    async ({ browser }, use, workerInfo) => {
      const baseURL = workerInfo.project.use.baseURL!;
      const context = await browser.newContext({ baseURL });
      const page = await context.newPage();
      await signUp(page, { ...newAuthorDetails(), name: "Olivia Owner" }, baseURL);
      await createWorkspaceInUi(page, SHARED_WORKSPACE);
      const token = await createTokenInUi(page);
      const exams = await seedSampleExams(context.request, token);

      const viewerContext = await browser.newContext({ baseURL });
      const viewer = { page: await viewerContext.newPage(), author: { ...newAuthorDetails(), name: "Victor Viewer" } };
      await signUp(viewer.page, viewer.author, baseURL);
      await joinThroughLink(viewer, await inviteLink(page, "viewer"), "viewer");
      const viewerState = await viewerContext.storageState();
      await viewerContext.close();

      const invitation = await inviteLink(page, "viewer");
      const storageState = await context.storageState();
      await context.close();
      await use({ token, exams, workspace: SHARED_WORKSPACE, invitation, storageState, viewerState });
    },
    // Two sign-ups, a workspace, an invitation accepted and the sample exams: on a busy machine
    // more than a fixture's default minute.
    { scope: "worker", timeout: 180_000 },
  ],
  // Signed in as the shared author, unless a test says otherwise with test.use({ storageState }).
  storageState: async ({ shared }, provide) => {
    await provide(shared.storageState);
  },
});

export { expect } from "./fixtures";
