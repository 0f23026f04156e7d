import { defineConfig } from 'drizzle-kit'

// Only `drizzle-kit generate` is used: it diffs server/src/db/schema.ts against the last
// snapshot and writes the next SQL migration. The server applies migrations itself at start.
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/src/db/schema.ts',
  out: './server/drizzle',
  casing: 'snake_case',
})
