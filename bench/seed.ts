import type pg from "pg";

/** Every HOT_EVERY-th seeded code belongs to the hot company (10 %); the rest spread evenly over the pool. */
const HOT_EVERY = 10;
const VALUERS_PER_COMPANY = 3;
/** A bulk load inserts in chunks so progress shows; each chunk is one INSERT … SELECT. */
const BULK_CHUNK = 200_000;

/**
 * Companies like the registered ones: an owner each (who never signs in), created over the last
 * ~3 years, with three valuers. Returns the ids of the pool that ordinary codes are spread over.
 */
export async function seedCompanies(pool: pg.Pool, count: number, alsoInPool: number[], hotCompanyId: number) {
  await pool.query(
    `WITH owners AS (
       INSERT INTO users (email, password, first_name, last_name)
       SELECT format('seed-owner-%s@bench.invalid', g), 'seeded-account-never-signs-in', 'Seed', format('Owner %s', g)
       FROM generate_series(1, $1::int) g
       RETURNING id, email
     )
     INSERT INTO companies (name, email, phone, location, owner_id, created_at, updated_at)
     SELECT format('Seed Valuers %s Ltd', n), format('seed-company-%s@bench.invalid', n),
       format('+2547%s', lpad(n::text, 8, '0')), (ARRAY['Nairobi', 'Mombasa', 'Kisumu', 'London', 'Nakuru'])[1 + n % 5],
       id, created, created
     FROM (
       SELECT id, substring(email FROM 'seed-owner-(\\d+)@')::int AS n, now() - random() * interval '1000 days' AS created
       FROM owners
     ) owner`,
    [count],
  );
  await pool.query(
    `UPDATE users SET company_id = c.id FROM companies c WHERE c.owner_id = users.id AND users.email LIKE 'seed-owner-%'`,
  );
  const { rows } = await pool.query<{ id: number }>(
    `SELECT id FROM companies WHERE email LIKE 'seed-company-%' OR id = ANY($1::int[]) ORDER BY id`,
    [alsoInPool],
  );
  const poolIds = rows.map((row) => row.id);
  await pool.query(
    `INSERT INTO valuers (company_id, name, phone, qualification)
     SELECT c.id, format('Valuer %s-%s', c.id, v), format('+2547%s', lpad((c.id * 10 + v)::text, 8, '0')),
       (ARRAY['MRICS', 'FRICS', 'MISK', 'BSc Land Economics'])[1 + v % 4]
     FROM unnest($1::int[]) AS c(id) CROSS JOIN generate_series(1, $2::int) v`,
    [[...poolIds, hotCompanyId], VALUERS_PER_COMPANY],
  );
  return poolIds;
}

/**
 * Codes number `from`..`to` in one INSERT … SELECT from generate_series: every tenth for the hot
 * company, the others spread over the pool by a multiplicative hash; created over the last two
 * years, signed by one of the company's valuers, scanned 0–39 times (mostly few).
 */
async function insertCodes(client: pg.PoolClient, from: number, to: number, hotCompanyId: number, poolIds: number[]) {
  await client.query(
    `WITH inserted AS (
     INSERT INTO qr_codes (public_token, user_id, company_id, valuation_date, market_value, currency, valuer_id,
       issuer_name, issuer_email, property_address, property_reference, property_type, property_size, land_size,
       qr_code_data, created_at, updated_at, valid_until)
     SELECT substr(md5('bench-' || s.g), 1, 16), company.owner_id, company.id, s.created - (s.g % 30) * interval '1 day',
       round((500000 + random() * 99500000)::numeric, 2), CASE WHEN company.id % 4 = 0 THEN 'USD' ELSE 'KES' END,
       signer.ids[1 + s.g % array_length(signer.ids, 1)], company.name, company.email,
       format('%s %s Road, %s', 1 + s.g % 400,
         (ARRAY['Riverside', 'Ngong', 'Kenyatta', 'Moi', 'Waiyaki', 'Argwings Kodhek'])[1 + s.g % 6],
         (ARRAY['Westlands', 'Kilimani', 'Karen', 'Lavington', 'Runda'])[1 + s.g % 5]),
       format('LR %s/%s', 200 + s.g % 50, s.g),
       (ARRAY['Real Estate', 'Loose Assets', 'Motor Vehicle', 'Plant and Machinery', 'Other'])[1 + (s.g * 7) % 5],
       round((500 + random() * 9500)::numeric, 2), round((random() * 5)::numeric, 4),
       'https://verify.valuseal.com/v/' || substr(md5('bench-' || s.g), 1, 16), s.created, s.created,
       s.created - (s.g % 30) * interval '1 day' + interval '90 days'
     FROM (
       SELECT g, CASE WHEN g % ${HOT_EVERY} = 0 THEN $3::int
                 ELSE ($4::int[])[1 + (g::bigint * 7919) % cardinality($4::int[])] END AS company_id,
         now() - random() * interval '730 days' AS created
       FROM generate_series($1::int, $2::int) g
     ) s
     JOIN companies company ON company.id = s.company_id
     LEFT JOIN (SELECT company_id, array_agg(id ORDER BY id) AS ids FROM valuers GROUP BY company_id) signer
       ON signer.company_id = s.company_id
     RETURNING id, company_id
     )
     INSERT INTO code_scan_counts (code_id, company_id, shard, scans)
     SELECT id, company_id, 0, scans
     FROM (SELECT id, company_id, floor(power(random(), 3) * 40)::int AS scans FROM inserted) drawn WHERE scans > 0`,
    [from, to, hotCompanyId, poolIds],
  );
}

/** Seeds with every index in place, as the application writes (used for the first 10k). */
export async function seedCodes(pool: pg.Pool, from: number, to: number, hotCompanyId: number, poolIds: number[]) {
  const client = await pool.connect();
  try {
    await client.query("SELECT setseed(0.42)");
    await insertCodes(client, from, to, hotCompanyId, poolIds);
    await client.query("VACUUM ANALYZE");
  } finally {
    client.release();
  }
}

/**
 * A bulk load with triggers off (session_replication_role = replica) skips the trigger that keeps
 * companies' code and scan counters; recompute them once, as the migrations' backfills do.
 */
async function refreshCompanyCounters(client: pg.PoolClient) {
  await client.query(`
    UPDATE companies SET qr_code_count = totals.codes
    FROM (SELECT company_id, count(*) AS codes FROM qr_codes GROUP BY company_id) totals
    WHERE companies.id = totals.company_id`);
  await client.query(`
    INSERT INTO company_scan_counts (company_id, shard, count)
    SELECT company_id, 0, sum(scans) FROM code_scan_counts GROUP BY company_id
    ON CONFLICT (company_id, shard) DO UPDATE SET count = EXCLUDED.count`);
}

export interface IndexDefinition {
  name: string;
  definition: string;
}

export async function qrCodeIndexes(db: pg.Pool | pg.PoolClient): Promise<IndexDefinition[]> {
  const { rows } = await db.query<IndexDefinition>(
    `SELECT indexname AS name, indexdef AS definition FROM pg_indexes
     WHERE schemaname = 'public' AND tablename = 'qr_codes' ORDER BY indexname`,
  );
  return rows;
}

/**
 * A bulk load the way one is done on Postgres: the secondary indexes of qr_codes are dropped and
 * rebuilt from their own definitions afterwards (a sorted build instead of a million random
 * insertions), and foreign-key triggers are off for this session only (every reference is taken
 * from existing rows). Ends with VACUUM ANALYZE, which autovacuum does in production, so the
 * planner has statistics and index-only scans are possible. Returns the indexes as they are after.
 */
export async function bulkSeedCodes(
  pool: pg.Pool,
  from: number,
  to: number,
  hotCompanyId: number,
  poolIds: number[],
  log: (line: string) => void,
): Promise<IndexDefinition[]> {
  const client = await pool.connect();
  try {
    const indexes = (await qrCodeIndexes(client)).filter((index) => index.name !== "qr_codes_pkey");
    await client.query("SELECT setseed(0.43)");
    await client.query("SET session_replication_role = replica");
    await client.query("SET maintenance_work_mem = '256MB'");
    for (const index of indexes) await client.query(`DROP INDEX "${index.name}"`);
    for (let start = from; start <= to; start += BULK_CHUNK) {
      const end = Math.min(start + BULK_CHUNK - 1, to);
      const began = Date.now();
      await insertCodes(client, start, end, hotCompanyId, poolIds);
      log(`    codes ${start.toLocaleString("en-GB")}–${end.toLocaleString("en-GB")} in ${Date.now() - began} ms`);
    }
    const indexing = Date.now();
    for (const index of indexes) await client.query(index.definition);
    log(`    ${indexes.length} secondary indexes rebuilt in ${Date.now() - indexing} ms`);
    await client.query("RESET session_replication_role");
    await refreshCompanyCounters(client);
    await client.query("RESET maintenance_work_mem");
    await client.query("VACUUM ANALYZE");
    return await qrCodeIndexes(client);
  } finally {
    client.release();
  }
}
