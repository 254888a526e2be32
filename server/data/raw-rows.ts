// Raw SQL for the few statements the query builder cannot express (data-modifying CTEs): run it
// on either driver and read its rows back as the table's own row objects, with each column's
// own conversion from the driver value, exactly as a query-builder select would give them.
import { getTableColumns, type SQL } from "drizzle-orm";
import { PgDialect, type PgTable } from "drizzle-orm/pg-core";
import type { Db } from "@/db/client";

const dialect = new PgDialect();

interface PostgresJsClient {
  unsafe(query: string, params: unknown[], options: { prepare: boolean }): Promise<unknown[]>;
}

/**
 * The rows of a raw statement. On PostgreSQL it goes to postgres.js as a prepared statement, so
 * the server parses and plans these (long) statements once per connection, not on every call as
 * it does for drizzle's unnamed statements. A transaction, and PGlite, go through drizzle.
 */
export async function executeRows<T = Record<string, unknown>>(db: Db, query: SQL): Promise<T[]> {
  const client = (db as unknown as { $client?: Partial<PostgresJsClient> }).$client;
  if (typeof client?.unsafe === "function") {
    const { sql: text, params } = dialect.sqlToQuery(query);
    return (await (client as PostgresJsClient).unsafe(text, params, { prepare: true })) as T[];
  }
  // postgres.js answers an array, PGlite an object with `rows`.
  const result = (await db.execute(query)) as unknown;
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

/** A row keyed by column names (a raw statement's row, or one object of a json_agg) → the table's row. */
export function rowFromDriver<TTable extends PgTable>(table: TTable, raw: Record<string, unknown>): TTable["$inferSelect"] {
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const value = raw[column.name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as TTable["$inferSelect"];
}
