// Runs once when the server starts: open the database (applying migrations) before the first
// request, so a broken DATABASE_URL or environment fails loudly at start-up; then hand the
// production server (scripts/server.mjs) its /api/json handler, built from this same compiled code.
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { createNodeRpcHandler, handOverToServer } = await import("./server/rpc/node-adapter");
  try {
    const { getAppContext } = await import("./server/app-context");
    const { scheduleOrphanCleanup } = await import("./server/media/orphans");
    const app = await getAppContext();
    scheduleOrphanCleanup(app.db, app.media);
    handOverToServer(createNodeRpcHandler(getAppContext));
  } catch (error) {
    handOverToServer(error instanceof Error ? error : new Error(String(error)));
    throw error;
  }
}
