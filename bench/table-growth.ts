import type pg from "pg";

/** Bytes of each table (a partitioned table's partitions summed; indexes and TOAST included), and the WAL's position. */
export interface Footprint {
  tables: Map<string, number>;
  lsn: string;
}

/** The database's tables as they stand, or only those named. */
export async function footprint(pool: pg.Pool, only?: string[]): Promise<Footprint> {
  const { rows } = await pool.query<{ table: string; bytes: string }>(
    `SELECT coalesce(parent.relname, child.relname) AS table, sum(pg_total_relation_size(child.oid)) AS bytes
     FROM pg_class child
     LEFT JOIN pg_inherits link ON link.inhrelid = child.oid
     LEFT JOIN pg_class parent ON parent.oid = link.inhparent
     WHERE child.relkind = 'r' AND child.relnamespace = 'public'::regnamespace
       AND ($1::text[] IS NULL OR coalesce(parent.relname, child.relname) = ANY($1::text[]))
     GROUP BY 1`,
    [only ?? null],
  );
  const { rows: wal } = await pool.query<{ lsn: string }>("SELECT pg_current_wal_lsn()::text AS lsn");
  return { tables: new Map(rows.map((row) => [row.table, Number(row.bytes)])), lsn: wal[0]!.lsn };
}

/** What grew between two footprints, per unit (a scan, a code): bytes in tables, of WAL, and by table, largest first. */
export async function growthPer(pool: pg.Pool, before: Footprint, after: Footprint, units: number) {
  const { rows } = await pool.query<{ bytes: string }>("SELECT pg_wal_lsn_diff($1, $2) AS bytes", [
    after.lsn,
    before.lsn,
  ]);
  const tables = [...after.tables]
    .map(([table, bytes]) => ({ table, bytesPerUnit: (bytes - (before.tables.get(table) ?? 0)) / units }))
    .filter((table) => table.bytesPerUnit > 0)
    .sort((a, b) => b.bytesPerUnit - a.bytesPerUnit);
  return {
    bytesPerUnit: tables.reduce((sum, table) => sum + table.bytesPerUnit, 0),
    walBytesPerUnit: Number(rows[0]!.bytes) / units,
    tables,
  };
}
