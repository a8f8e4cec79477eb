import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
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
);
