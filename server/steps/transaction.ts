// An operation's transaction: the call's database, and its warnings kept right across a retry.
import type { Db } from "@/db/client";
import { runTransaction } from "../data/transaction";
import type { OpContext } from "../operation";

export function ctxTransaction<T>(ctx: OpContext, fn: (tx: Db) => Promise<T>): Promise<T> {
  return runTransaction(ctx.db, fn, ctx.report.warnings);
}
