// Runs once when the server starts: open the database (applying migrations) before the first
// request, so a broken DATABASE_URL or environment fails loudly at start-up; then hand the
// production server (scripts/server.mjs) its /api/json handler, built from this same compiled code.
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { createNodeRpcHandler, handOverToServer } = await import("./server/rpc/node-adapter");
  try {
    const { getAccounts, getAppContext } = await import("./server/app-context");
    const { scheduleOrphanCleanup } = await import("./server/media/orphans");
    const { scheduleThrottleSweep } = await import("./server/auth/throttle");
    const app = await getAppContext();
    // The accounts read PUBLIC_URL and TRUST_PROXY: a wrong value stops the start here.
    await getAccounts();
    scheduleOrphanCleanup(app.db, app.media);
    scheduleThrottleSweep(app.countersDb ?? app.db);
    handOverToServer(createNodeRpcHandler(getAppContext));
  } catch (error) {
    handOverToServer(error instanceof Error ? error : new Error(String(error)));
    throw error;
  }
}
