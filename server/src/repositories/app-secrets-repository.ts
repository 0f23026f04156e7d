// The secrets a deployment generates on its first start and keeps in the database (the operator token,
// the JWT secret, the test-mode webhook secret), so that every server process uses the same one.
import { eq } from 'drizzle-orm'
import type { Db } from '../db/database.ts'
import { appSecrets } from '../db/schema.ts'

export const appSecretsRepository = {
  /**
   * The secret stored under `name`, storing `candidate` first if there is none. Processes starting
   * together agree: the first insert wins and every one reads that. Undefined only if nothing could
   * be stored.
   */
  async keepFirst(db: Db, name: string, candidate: string): Promise<string | undefined> {
    await db.insert(appSecrets).values({ name, value: candidate }).onConflictDoNothing()
    const [row] = await db.select().from(appSecrets).where(eq(appSecrets.name, name))
    return row?.value
  },
}
