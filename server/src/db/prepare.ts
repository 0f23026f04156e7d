import type { Config } from '../config.ts'
import { openDatabase, type Database } from './database.ts'
import { migrateQueueSchema } from './queue-schema.ts'
import { seedDemoClerk, seedLookups } from './seed.ts'

/** Opens the configured database, applies pending migrations (the app's and the work queue's) and inserts missing seed data. */
export async function prepareDatabase(config: Pick<Config, 'database' | 'demoAccount'>, options: { loadDataDir?: Blob } = {}): Promise<Database> {
  const database = await openDatabase(config.database, options)
  try {
    await database.migrate()
    await migrateQueueSchema(database)
    await seedLookups(database.db)
    if (config.demoAccount) await seedDemoClerk(database.db)
    return database
  } catch (error) {
    await database.close().catch(() => undefined)
    throw error
  }
}
