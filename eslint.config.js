import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import local from './tools/eslint-layering.js';

export default tseslint.config(
  { ignores: ['node_modules/', 'out/', 'dist/', 'resources/', '**/*.d.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { local },
    languageOptions: { globals: { ...globals.node } },
    rules: {
      'local/code-layering': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'off',
      'no-control-regex': 'off',
    },
  },
  { files: ['renderer/**'], languageOptions: { globals: { ...globals.browser } } },
);
