import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', '.server-build*/**'] },
  // Plain JavaScript run by node before anything is compiled (build/launch.mjs).
  { files: ['**/*.mjs'], languageOptions: { globals: globals.node } },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': [
        'error',
        {
          selector: 'CallExpression[callee.object.name=/^(it|test|describe)$/][callee.property.name=/^(only|skip|todo|fixme)$/]',
          message: 'No focused or skipped tests on main.',
        },
        {
          // @playwright/test's `test.describe.only(…)`, `test.describe.skip(…)`.
          selector: 'CallExpression[callee.object.property.name="describe"][callee.property.name=/^(only|skip|fixme)$/]',
          message: 'No focused or skipped tests on main.',
        },
      ],
    },
  },
  {
    // One source of truth for API paths: tests call the API through ApiPath, as the console and server do (docs/api.md "Paths").
    files: ['tests/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'CallExpression[callee.object.name=/^(it|test|describe)$/][callee.property.name=/^(only|skip|todo|fixme)$/]',
          message: 'No focused or skipped tests on main.',
        },
        {
          // @playwright/test's `test.describe.only(…)`, `test.describe.skip(…)`.
          selector: 'CallExpression[callee.object.property.name="describe"][callee.property.name=/^(only|skip|fixme)$/]',
          message: 'No focused or skipped tests on main.',
        },
        {
          selector: 'Literal[value=/^(\\/api)?\\/sys\\//]',
          message: "Use ApiPath (src/contract/apiPaths.ts), withId or resourcePaths instead of a literal '/sys/…' path.",
        },
        {
          selector: 'TemplateElement[value.raw=/^(\\/api)?\\/sys\\//]',
          message: "Use ApiPath (src/contract/apiPaths.ts), withId or resourcePaths instead of a literal '/sys/…' path.",
        },
      ],
    },
  },
);
