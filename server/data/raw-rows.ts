// Rows of raw SQL (the few statements the query builder cannot express: data-modifying CTEs, run
// by `executeRows` of db/client.ts) read back as the table's own row objects, with each column's
// own conversion from the driver value, exactly as a query-builder select would give them.
import { getTableColumns } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";

/** A row keyed by column names (a raw statement's row, or one object of a json_agg) → the table's row. */
export function rowFromDriver<TTable extends PgTable>(table: TTable, raw: Record<string, unknown>): TTable["$inferSelect"] {
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const value = raw[column.name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as TTable["$inferSelect"];
}
