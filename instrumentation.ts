// Runs once when the server starts: open the database (applying migrations) before the first
// request, so a broken DATABASE_URL or environment fails loudly at start-up.
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { getAppContext } = await import("./server/app-context");
  const { scheduleOrphanCleanup } = await import("./server/media/orphans");
  const app = await getAppContext();
  scheduleOrphanCleanup(app.db, app.media);
}
