import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import checkFile from 'eslint-plugin-check-file';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import reactRefresh from 'eslint-plugin-react-refresh';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const FEATURES = ['catalog', 'search', 'cart', 'account', 'orders'];
// Each edge function is deployed on its own: it may import its own folder and _shared/ only.
const EDGE_FUNCTIONS = readdirSync('supabase/functions', { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !entry.name.startsWith('_'))
  .map((entry) => entry.name);
const EVERY_DISTRICT = ['./src', './server', './scripts', './bench', './e2e'];

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'test-results', 'playwright-report', '.data', 'coverage'] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX, 'check-file': checkFile },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({ project: ['tsconfig.app.json', 'tsconfig.node.json'], noWarnOnMultipleProjects: true }),
      ],
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'import-x/no-cycle': 'error',
      'check-file/filename-naming-convention': ['error', { '**/*.{ts,tsx}': 'KEBAB_CASE' }, { ignoreMiddleExtensions: true }],
      'check-file/folder-naming-convention': ['error', { '{src,server,e2e,bench,scripts}/**/': 'KEBAB_CASE' }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks, 'react-refresh': reactRefresh },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'react-refresh/only-export-components': ['error', { allowConstantExport: true, allowExportNames: ['buttonVariants'] }],
      // Only src/lib/supabase.ts talks to Supabase; everything else goes through it.
      'no-restricted-imports': [
        'error',
        { paths: [{ name: '@supabase/supabase-js', message: 'Import the client from @/lib/supabase instead.' }] },
      ],
      // One-way imports: shared → features → app; features never import each other.
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...FEATURES.map((feature) => ({
              target: `./src/features/${feature}`,
              from: './src/features',
              except: [`./${feature}`],
              message: 'A feature never imports another feature; compose them in src/app.',
            })),
            { target: './src/features', from: './src/app', message: 'Features must not import the app layer.' },
            {
              target: ['./src/components', './src/hooks', './src/lib', './src/utils', './src/config', './src/theme'],
              from: ['./src/features', './src/app'],
              message: 'Shared code must not import features or the app layer.',
            },
            { target: './src', from: ['./server', './supabase'], message: 'The browser app never imports server code.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/lib/supabase.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['server/**/*.ts', 'scripts/**/*.ts', 'bench/**/*.ts', 'e2e/**/*.ts', '*.config.{ts,js}'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['server/**/*.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './server', from: './src', message: 'The server never imports the browser app.' },
            {
              target: './server',
              from: ['./scripts', './supabase', './bench', './e2e'],
              message: 'The server serves any project folder: what is Lumen\'s comes in through scripts/start.ts.',
            },
          ],
        },
      ],
    },
  },
  {
    // The local backend has one public face: outside server/, only server/index.ts (starting and
    // stopping a backend, its keys and client helper) and server/testing/ (test helpers) are imported.
    // The src/ and edge function rules below keep the server out of those altogether.
    files: ['scripts/**/*.ts', 'supabase/**/*.ts', 'bench/**/*.ts', 'e2e/**/*.ts', '*.config.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: ['./scripts', './supabase', './bench', './e2e', './*.config.ts'],
              from: './server',
              except: ['./index.ts', './testing'],
              message: 'Import the local backend through server/index.ts (or server/testing/ in tests); export what is missing there.',
            },
          ],
        },
      ],
    },
  },
  {
    // Tests of a function run under Node in this repo and may use the local backend; what deploys is
    // index.ts and what it imports.
    files: ['supabase/functions/**/*.ts'],
    ignores: ['supabase/functions/**/*.test.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...EDGE_FUNCTIONS.map((name) => ({
              target: `./supabase/functions/${name}`,
              from: [...EVERY_DISTRICT, './supabase'],
              except: [`./functions/${name}`, './functions/_shared'],
              message: 'An edge function imports only its own folder and supabase/functions/_shared/.',
            })),
            {
              target: './supabase/functions/_shared',
              from: [...EVERY_DISTRICT, './supabase'],
              except: ['./functions/_shared'],
              message: 'supabase/functions/_shared/ imports nothing outside itself.',
            },
          ],
        },
      ],
    },
  },
);
