// Migration 0007 turns every money column from numeric(p,2) into whole cents. Rows written before it
// (by the 0006 schema, as decimal text) come out as exactly their cents, the checks still hold, and
// the new unique keys admit many nulls but not a repeated value. Run on a fresh embedded database
// migrated in two steps: up to 0006, rows in, then the rest.
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { drizzle } from 'drizzle-orm/pglite'
import { migrate } from 'drizzle-orm/pglite/migrator'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { MIGRATIONS_FOLDER } from '../../src/db/database.ts'

describe.runIf(inject('databaseKind') === 'pglite')('migration 0007: money in whole cents', () => {
  let client: PGlite
  let before0007: string
  beforeAll(async () => {
    // The migrations folder as it was before 0007: the same files, a journal that ends at 0006.
    before0007 = await mkdtemp(path.join(tmpdir(), 'inspectscribe-migrations-'))
    await cp(MIGRATIONS_FOLDER, before0007, { recursive: true })
    const journalFile = path.join(before0007, 'meta', '_journal.json')
    const journal = JSON.parse(await readFile(journalFile, 'utf8')) as { entries: { tag: string }[] }
    journal.entries = journal.entries.filter((entry) => entry.tag < '0007')
    await writeFile(journalFile, JSON.stringify(journal))
    client = await PGlite.create('memory://')
  })
  afterAll(async () => {
    await client.close()
    await rm(before0007, { recursive: true, force: true })
  })

  const rows = async <T>(query: string) => (await client.query<T>(query)).rows

  it('converts every amount exactly', async () => {
    const db = drizzle({ client, casing: 'snake_case' })
    await migrate(db, { migrationsFolder: before0007 })
    await client.exec(`
      insert into users (id, email, full_name, password_hash) values ('00000000-0000-4000-8000-000000000001', 'mia.migrate@example.com', 'Mia', 'x');
      insert into report_types (id, name) values (1, 'Inventory');
      insert into job_types (id, name) values (1, 'Human');
      insert into sla_slots (id, name, hours) values (1, '24 Hours Standard', 24);
      insert into job_rates (job_type_id, sla_slot_id, credits_per_minute) values (1, 1, '0.07');
      insert into recharge_plans (name, credit_value, price) values ('Odd', '20.50', '19.99'), ('Agency', '250', '250.00');
      insert into jobs (user_id, property_address, report_type_id, job_type_id, sla_slot_id, cost, audio_duration_seconds, sla_deadline)
        values ('00000000-0000-4000-8000-000000000001', '1 Test Road', 1, 1, 1, '12.35', '480.500', now());
      insert into credit_entries (user_id, amount, kind, reason) values
        ('00000000-0000-4000-8000-000000000001', '0.07', 'adjustment', 'a'),
        ('00000000-0000-4000-8000-000000000001', '-0.01', 'adjustment', 'b'),
        ('00000000-0000-4000-8000-000000000001', '9999999999.99', 'adjustment', 'c'),
        ('00000000-0000-4000-8000-000000000001', '-1.10', 'job_charge', 'd');
    `)
    await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER })

    expect(await rows('select amount_cents::text as cents from credit_entries order by id')).toEqual([{ cents: '7' }, { cents: '-1' }, { cents: '999999999999' }, { cents: '-110' }])
    expect(await rows('select cost_cents::text as cents from jobs')).toEqual([{ cents: '1235' }])
    expect(await rows('select cents_per_minute as cents from job_rates')).toEqual([{ cents: 7 }])
    expect(await rows('select name, credit_value_cents::text as credit, price_cents::text as price from recharge_plans order by name')).toEqual([
      { name: 'Agency', credit: '25000', price: '25000' },
      { name: 'Odd', credit: '2050', price: '1999' },
    ])
    expect(await rows(`select data_type from information_schema.columns where table_name = 'credit_entries' and column_name = 'amount_cents'`)).toEqual([{ data_type: 'bigint' }])
  })

  it('keeps the checks, and the unique keys admit many nulls but not one value twice', async () => {
    const user = `'00000000-0000-4000-8000-000000000001'`
    await expect(client.exec(`insert into credit_entries (user_id, amount_cents, kind, reason) values (${user}, 0, 'adjustment', 'zero')`)).rejects.toThrow(/credit_entries_amount_nonzero/)
    await client.exec(`insert into credit_entries (user_id, amount_cents, kind, reason, external_reference) values (${user}, 2000, 'recharge', 'Starter', 'pi_1')`)
    await expect(client.exec(`insert into credit_entries (user_id, amount_cents, kind, reason, external_reference) values (${user}, 2000, 'recharge', 'Starter', 'pi_1')`)).rejects.toThrow(
      /credit_entries_external_reference_unique/,
    )
    const job = `insert into jobs (user_id, property_address, report_type_id, job_type_id, sla_slot_id, cost_cents, audio_duration_seconds, sla_deadline, client_request_id)`
    await client.exec(`${job} values (${user}, 'a', 1, 1, 1, 100, '60', now(), null), (${user}, 'b', 1, 1, 1, 100, '60', now(), null), (${user}, 'c', 1, 1, 1, 100, '60', now(), 'submit-1')`)
    await expect(client.exec(`${job} values (${user}, 'd', 1, 1, 1, 100, '60', now(), 'submit-1')`)).rejects.toThrow(/jobs_user_client_request_unique/)
  })
})
