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
  'status',
  'booking',
];

/*
 * The server is arranged by capability over a platform (docs/decisions/145). The platform
 * uses no capability and names no domain word; a capability uses the platform, src/shared and
 * the lead context's one public module (leads/index.ts); the files at the root of src/server
 * (app.ts, database.ts, main.ts, migration-order.ts) compose them and nothing imports them but tests.
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
  'spend',
  'bookings',
];
const serverRoot = `${server}/*.ts`;

/*
 * The app's settings (src/server/config, docs/decisions/147): read by the root files and the
 * capabilities; they import no capability but the lead vocabulary of leads/index.ts, and the
 * platform does not import them (its modules take their own options).
 */
const configZones = [
  {
    target: `${server}/config`,
    from: [
      ...capabilities.map((name) => ({
        path: `${server}/${name}`,
        except: name === 'leads' ? ['./index.ts'] : [],
      })),
      serverRoot,
    ],
    message: 'The settings import no capability: a capability takes its slice of them.',
  },
  {
    target: `${server}/platform`,
    from: [`${server}/config`],
    message: 'The platform does not read the app settings: give the module an option instead.',
  },
];

/*
 * Inside leads/, imports run one way: records (tables, migrations, the upsert) <- workflows <- reads
 * <- the files at its root (index.ts, the plugin, the desk), which compose them. A workflow may use
 * another workflow; what a lower layer needs from a higher one is passed in.
 */
const leads = `${server}/leads`;
const leadsZones = [
  {
    target: `${leads}/records`,
    from: [`${leads}/workflows`, `${leads}/reads`, `${leads}/*.ts`],
    message: 'Records import no workflow or read: take the collaborator as a parameter.',
  },
  {
    target: `${leads}/workflows`,
    from: [`${leads}/reads`, `${leads}/*.ts`],
    message: 'A workflow imports no read: take the reader as a parameter.',
  },
  {
    target: `${leads}/reads`,
    from: [`${leads}/*.ts`],
    message: 'Reads import records and workflows, not the files that compose leads/.',
  },
];

const serverZones = [
  ...configZones,
  ...leadsZones,
  {
    target: `${server}/platform`,
    from: [...capabilities.map((name) => `${server}/${name}`), serverRoot],
    message: 'The platform serves every capability and depends on none.',
  },
  ...capabilities.map((name) => ({
    target: `${server}/${name}`,
    from: [
      ...capabilities
        .filter((other) => other !== name)
        .map((other) => ({
          path: `${server}/${other}`,
          except: ['leads', 'conversions', 'spend', 'bookings'].includes(other)
            ? ['./index.ts']
            : [],
        })),
      serverRoot,
    ],
    message: `A capability uses platform/, src/shared and leads/index.ts only: move what ${name} shares down.`,
  })),
].flatMap(({ target, from, message }) =>
  from.map((source) =>
    typeof source === 'string'
      ? { target, from: source, message }
      : { target, from: source.path, except: source.except, message },
  ),
);

/**
 * How import-x reads the imports: TypeScript's resolution, and .ts/.tsx files parsed as modules.
 * Without `import-x/extensions` it follows no .ts file, and no-cycle passes any cycle.
 */
const importSettings = {
  'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
  'import-x/extensions': ['.ts', '.tsx'],
  'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
};

/**
 * A domain word as a whole word of an identifier or string: `lead`, `leadId`, `LeadForm`,
 * `lead_type`, `LEAD_CREATED`, `Lead forms`, but not `platform`, `format` or `misleading`.
 */
const DOMAIN_WORD = [
  '(?<![a-zA-Z])(?:lead|candidate|compan|questionnaire|form)(?:s|ies|y)?(?![a-z])',
  '(?<![A-Z])(?:Lead|Candidate|Compan|Questionnaire|Form)(?:s|ies|y)?(?![a-z])',
  '(?<![A-Z])(?:LEAD|CANDIDATE|COMPAN|QUESTIONNAIRE|FORM)(?:S|IES|Y)?(?![A-Z])',
].join('|');

export default tseslint.config(
  {
    ignores: [
      'dist',
      'dist-builds',
      'node_modules',
      'data',
      'test-results',
      'playwright-report',
      'bench-results',
    ],
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
      // The client never imports server code (the order inside the client is not checked here).
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: 'server/', message: 'The client never imports server code.' }] },
      ],
    },
  },
  {
    // A feature's top-level files import no other feature by a relative path (`../<feature>/`),
    // nor the app shell; shared UI lives in components/.
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
    // No import cycle anywhere in src (tests/api/lint-rules.test.ts proves the rule fires), and
    // small modules: a file past 300 lines has more than one reason.
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: importSettings,
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'max-lines': ['error', { max: 300 }],
    },
  },
  {
    // Tests may set up what they test with the whole server (src/server/database.ts).
    files: ['src/server/**/*.ts'],
    ignores: ['src/server/**/*.test.ts'],
    plugins: { 'import-x': importX },
    settings: importSettings,
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: serverZones }],
    },
  },
  {
    // The platform knows no domain word: config, database, HTTP, mail, outbox, logs, metrics.
    files: ['src/server/platform/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: `Identifier[name=/${DOMAIN_WORD}/]`,
          message:
            'The platform names no domain word (lead, candidate, company, questionnaire, form).',
        },
        {
          selector: `Literal[value=/${DOMAIN_WORD}/]`,
          message:
            'The platform names no domain word (lead, candidate, company, questionnaire, form).',
        },
      ],
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
