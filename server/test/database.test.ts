import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq, sql } from 'drizzle-orm'
import { verifyPassword } from '../src/auth/passwords.ts'
import type { Database } from '../src/db/database.ts'
import { reportTypes, users } from '../src/db/schema.ts'
import { seedDemoClerk, seedLookups } from '../src/db/seed.ts'
import { DEMO_CLERK } from '../src/db/seed-data.ts'
import { openTestDatabase } from './support/test-app.ts'

describe('migrations and seed data', () => {
  let database: Database
  beforeAll(async () => {
    database = await openTestDatabase()
  })
  afterAll(() => database.close())

  it('applies migrations once: running them again changes nothing', async () => {
    await database.migrate()
    const rows = await database.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`)
    const count = (rows as unknown as { rows: { n: number }[] }).rows[0]!.n
    await database.migrate()
    const again = await database.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`)
    expect((again as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(count)
    expect(count).toBeGreaterThan(0)
  })

  it('keeps an operator’s edit when seeding again', async () => {
    await database.db.update(reportTypes).set({ description: 'Edited by an operator' }).where(eq(reportTypes.name, 'Inventory'))
    await seedLookups(database.db)
    const [inventory] = await database.db.select().from(reportTypes).where(eq(reportTypes.name, 'Inventory'))
    expect(inventory?.description).toBe('Edited by an operator')
    expect(await database.db.$count(reportTypes)).toBe(5)
  })

  it('seeds one demo clerk whose password is stored as an argon2id hash', async () => {
    expect(await seedDemoClerk(database.db)).toBe(false) // already seeded by the template
    const clerks = await database.db.select().from(users).where(eq(users.email, DEMO_CLERK.email))
    expect(clerks).toHaveLength(1)
    const clerk = clerks[0]!
    expect(clerk.role).toBe('CLERK')
    expect(clerk.status).toBe('active')
    expect(clerk.passwordHash).toMatch(/^\$argon2id\$/)
    expect(await verifyPassword(clerk.passwordHash, DEMO_CLERK.password)).toBe(true)
    expect(await verifyPassword(clerk.passwordHash, 'wrong password')).toBe(false)
  })

  it('refuses a second account with the same e-mail in another case', async () => {
    // The unique index on lower(email) refuses it (PostgreSQL's unique_violation), not any other failure.
    await expect(
      database.db.insert(users).values({ email: DEMO_CLERK.email.toUpperCase(), fullName: 'Copy', passwordHash: 'x' }),
    ).rejects.toMatchObject({ cause: { code: '23505', constraint: 'users_email_lower_unique' } })
  })
})
