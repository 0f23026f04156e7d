import path from 'node:path'

export const ROOT = path.resolve(import.meta.dirname, '../..')
