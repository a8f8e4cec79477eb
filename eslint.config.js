import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import unicorn from 'eslint-plugin-unicorn';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const features = [
  'home',
  'candidates',
  'companies',
  'about',
  'contact',
  'legal',
  'admin',
  'not-found',
];

/*
 * The server is arranged by capability over a platform (docs/decisions/007). A capability
 * uses platform/ and src/shared only; the platform uses no capability; the files at the root
 * of src/server (app.ts, database.ts, main.ts) compose them and nothing imports them but tests.
 */
const server = './src/server';
const capabilities = [
  'leads',
  'admin',
  'site',
  'operations',
  'notifications',
  'conversions',
  'visits',
  'backups',
];
const serverRoot = `${server}/*.ts`;
/** The admin's parts: listing is the base the others read through; none uses another. */
const adminParts = [
  'auth',
  'audit',
  'listing',
  'export',
  'email',
  'overview',
  'pipeline',
  'deliveries',
  'quarantine',
  'data-subject',
  'configuration',
];
const adminMayUse = {
  export: ['listing'],
  email: ['listing'],
  overview: ['listing'],
  pipeline: ['listing'],
  // A person's data is composed from each part's own find and erase (decision 135).
  'data-subject': ['listing', 'pipeline', 'audit'],
};

/*
 * The app's settings (src/server/config, docs/decisions/147): read by the root files and the
 * capabilities; they import no capability, and the platform does not import them (its modules
 * take their own options).
 */
const configZones = [
  {
    target: `${server}/config`,
    from: [...capabilities.map((name) => `${server}/${name}/**`), serverRoot],
    message: 'The settings import no capability: a capability takes its slice of them.',
  },
  {
    target: `${server}/platform`,
    from: [`${server}/config/**`],
    message: 'The platform does not read the app settings: give the module an option instead.',
  },
];

const serverZones = [
  ...configZones,
  {
    target: `${server}/platform`,
    from: [...capabilities.map((name) => `${server}/${name}/**`), serverRoot],
    message: 'The platform serves every capability and depends on none.',
  },
  ...capabilities.map((name) => ({
    target: `${server}/${name}`,
    from: [
      ...capabilities.filter((other) => other !== name).map((other) => `${server}/${other}/**`),
      serverRoot,
    ],
    message: `A capability uses platform/ and src/shared only: move what ${name} shares down.`,
  })),
  ...adminParts.map((part) => ({
    target: `${server}/admin/${part}`,
    from: adminParts
      .filter((other) => other !== part && !(adminMayUse[part] ?? []).includes(other))
      .map((other) => `${server}/admin/${other}/**`),
    message:
      'Within the admin, parts read leads through listing/ only (data-subject: see adminMayUse).',
  })),
];

export default tseslint.config(
  {
    ignores: ['dist', 'node_modules', 'data', 'test-results', 'playwright-report', 'bench-results'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Code flows one way: shared -> client (components -> features -> app); never into the server.
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: 'server/', message: 'The client never imports server code.' }] },
      ],
    },
  },
  {
    // Features do not import each other's insides; shared UI lives in components/.
    files: ['src/client/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: 'server/', message: 'The client never imports server code.' },
            {
              regex: `^\\.\\./(${features.join('|')})/`,
              message:
                'Features do not import each other: move shared code to components/ or lib/.',
            },
            { regex: '/app/', message: 'Features do not import the app shell.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '(client|server)/', message: 'src/shared depends on nothing else in src.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: 'client/', message: 'The server never imports client code.' }] },
      ],
    },
  },
  {
    // Layering of the server and no import cycles anywhere in src.
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: {
      'import-x/no-cycle': 'error',
    },
  },
  {
    // Tests may set up what they test with the whole server (src/server/database.ts).
    files: ['src/server/**/*.ts'],
    ignores: ['src/server/**/*.test.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: serverZones }],
    },
  },
  {
    // One file-naming convention across the repo: kebab-case file names (React components keep
    // PascalCase names inside their files). Only this rule of the plugin is enabled.
    files: ['**/*.{js,mjs,cjs,ts,tsx}'],
    plugins: { unicorn },
    rules: { 'unicorn/filename-case': ['error', { case: 'kebabCase' }] },
  },
);
