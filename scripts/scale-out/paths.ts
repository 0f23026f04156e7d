import path from 'node:path'

/** The repository's root. */
export const ROOT = path.resolve(import.meta.dirname, '../..')
