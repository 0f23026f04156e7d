// Lint: TypeScript's recommended rules, the rules of hooks, and import rules that keep the
// architecture honest: features never import each other (the app composes them), shared layers
// never import features, the portal and the server meet only in contract/, and no import cycles.
import { readdirSync } from 'node:fs'
import { URL, fileURLToPath } from 'node:url'
import js from '@eslint/js'
import globals from 'globals'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import { importX } from 'eslint-plugin-import-x'
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript'

const features = readdirSync(fileURLToPath(new URL('./src/features', import.meta.url)), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)

// The server's layers: routes (HTTP) -> features (create-job, jobs, payments, money, auth, ...) ->
// repositories (every query) -> db (schema, connection, migrations, seed). A layer imports only those
// below it, and SQL (drizzle's query builders and tables, raw sql, the database clients) is written
// only in repositories and db, so a query is found in one place and a route never holds one.
const serverDirs = readdirSync(fileURLToPath(new URL('./server/src', import.meta.url)), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
const serverBelowRoutes = serverDirs.filter((name) => name !== 'routes').map((name) => `./server/src/${name}`)
const SERVER_LAYERS = 'Server layers: routes -> features -> repositories -> db.'

const featureIsolation = features.map((feature) => ({
  target: `./src/features/${feature}`,
  from: './src/features',
  except: [`./${feature}`],
  message: 'Features do not import each other: compose them in src/app.',
}))

export default tseslint.config(
  { ignores: ['dist', 'dev-dist', 'node_modules', 'data', 'coverage', 'test-results', 'playwright-report', 'server/drizzle', 'server/dist'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({ project: ['tsconfig.test.json', 'server/tsconfig.json', 'sw/tsconfig.json', 'tests/e2e/tsconfig.json'], noWarnOnMultipleProjects: true }),
      ],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-self-import': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...featureIsolation,
            { target: ['./src/features', './src/components', './src/lib', './src/config'], from: './src/app', message: 'Only src/app composes; nothing imports it.' },
            { target: ['./src/components', './src/lib', './src/config'], from: './src/features', message: 'Shared layers do not depend on features.' },
            { target: ['./src', './sw'], from: './server', message: 'The portal and the server share only contract/.' },
            { target: './server', from: ['./src', './sw'], message: 'The portal and the server share only contract/.' },
            { target: './contract', from: ['./src', './server', './sw'], message: 'The contract depends on neither side.' },
            { target: serverBelowRoutes, from: './server/src/routes', message: `${SERVER_LAYERS} Only app.ts mounts the routes.` },
            { target: './server/src/repositories', from: './server/src', except: ['./repositories', './db'], message: `${SERVER_LAYERS} A repository uses only the database layer.` },
            // The seed stores the demo clerk's password as sign-up does (auth/passwords.ts hashes, it holds no SQL).
            { target: './server/src/db', from: './server/src', except: ['./db', './config.ts', './auth/passwords.ts'], message: `${SERVER_LAYERS} The database layer depends on nothing above it.` },
          ],
        },
      ],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    files: ['**/*.{js,mjs}'],
    languageOptions: { globals: globals.node },
  },
  {
    // Run by the browser as classic scripts: the prerendered documents' loader (minified by the build).
    files: ['public/**/*.js', 'src/app/start-after-paint.js'],
    languageOptions: { globals: globals.browser },
  },
  {
    // Playwright reads a fixture's dependencies from its destructuring pattern, even an empty one.
    files: ['tests/e2e/**/*.ts'],
    rules: { 'no-empty-pattern': 'off' },
  },
  {
    // TypeBox's default export is its whole Type namespace: a bundle then keeps every builder,
    // the type-script parser included (about 19 KB gzip on /my-jobs); the named `Type` is shaken
    // to what is used (docs/decisions/first-paint-budgets-and-bench.md).
    files: ['src/**/*.{ts,tsx}', 'contract/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'typebox', importNames: ['default'], message: "Import { Type } from 'typebox': the default export keeps all of TypeBox in the portal's bundle." }] },
      ],
    },
  },
  {
    // SQL lives in the repositories and the database layer (see SERVER_LAYERS above). Types may be
    // imported anywhere (a row's type, a status); logging.ts names drizzle's query error to log it.
    files: ['server/src/**/*.ts'],
    ignores: ['server/src/repositories/**', 'server/src/db/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'drizzle-orm', allowTypeImports: true, allowImportNames: ['DrizzleQueryError'], message: `${SERVER_LAYERS} Queries go in server/src/repositories.` },
            { name: 'pg', allowTypeImports: true, message: `${SERVER_LAYERS} The database client is opened in server/src/db.` },
            { name: '@electric-sql/pglite', allowTypeImports: true, message: `${SERVER_LAYERS} The database client is opened in server/src/db.` },
          ],
          patterns: [
            { regex: '^drizzle-orm/', allowTypeImports: true, message: `${SERVER_LAYERS} Queries go in server/src/repositories.` },
            { regex: '(^|/)db/schema(\\.ts)?$', allowTypeImports: true, message: `${SERVER_LAYERS} Tables are queried in server/src/repositories; import their types only.` },
          ],
        },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
)
