/** The bundled parse worker's path. */
export const workerBundle: string;
/** Bundles server/workers/entry.ts into `workerBundle`. */
export function buildWorker(): Promise<void>;
