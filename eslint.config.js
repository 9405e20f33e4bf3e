import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import importPlugin from 'eslint-plugin-import';
import { webZones } from './web/eslint-zones.js';

// The import boundaries of docs/architecture.md, Folders: core imports nothing of ours; web never
// reaches the server side (lambdas, infra, bin); lambdas only reach core.
const forbid = (...folders) => ({
  patterns: folders.map((folder) => ({
    group: [`**/${folder}`, `**/${folder}/**`],
    message: `This folder may not import from ${folder}/ (see docs/architecture.md, Folders).`,
  })),
});

export default tseslint.config(
  {
    ignores: [
      'node_modules',
      '.data',
      'cdk.out',
      'dist',
      'web/dist',
      'coverage',
      'test-results',
      '.scratch',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      // zod's named `z` is a namespace object that drags every locale into a bundle (~440 KB);
      // `import * as z` lets esbuild and Vite drop what is unused (~80 KB).
      'no-restricted-syntax': [
        'error',
        {
          selector: "ImportDeclaration[source.value='zod'] > ImportSpecifier[imported.name='z']",
          message: "Use `import * as z from 'zod'` (the named z bundles every locale).",
        },
      ],
    },
  },
  {
    files: ['core/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', forbid('lambdas', 'infra', 'web', 'bin', 'test')] },
  },
  {
    files: ['lambdas/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', forbid('infra', 'web', 'bin', 'test')] },
  },
  {
    files: ['infra/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', forbid('web', 'bin', 'test')] },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, import: importPlugin },
    settings: {
      // Relative imports name no extension; the zones below need them resolved to files.
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } },
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', forbid('lambdas', 'infra', 'bin', 'test')],
      'import/no-restricted-paths': ['error', { zones: webZones() }],
    },
  },
  prettier,
);
