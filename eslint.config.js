// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import security from 'eslint-plugin-security';
import boundaries from 'eslint-plugin-boundaries';
import globals from 'globals';

// Import boundaries of DESIGN.md. Package level (by import specifier, below): the domain imports no app and does
// no I/O; the apps never import each other. Inside the apps (by resolved path, eslint-plugin-boundaries): a web
// feature never imports a sibling feature, and components/ and lib/ import no feature; an api module imports
// another module only through its service.ts (or index.ts), never its store or any other file of it; platform/
// and the integrations import no module; and the domain imports nothing from the apps. Decision records 0026
// and 0050.
const appsOnly = {
  group: ['@dis/api', '@dis/api/*', '@dis/web', '@dis/web/*', '**/apps/**'],
  message: 'The domain package imports no app.',
};
const noIoInDomain = {
  group: [
    'node:*',
    'fs',
    'path',
    'http',
    'https',
    'net',
    'child_process',
    'pg',
    'kysely',
    'fastify',
    'react',
    'react-dom',
  ],
  message: 'The domain package does no I/O and knows no framework.',
};
/** Where each file belongs, by its path from the repository root (first match wins). */
const boundaryElements = [
  { type: 'domain', pattern: 'packages/domain/**', partialMatch: false },
  { type: 'web-feature', pattern: 'apps/web/src/features/*/**', partialMatch: false, capture: ['feature'] },
  { type: 'web-shared', pattern: 'apps/web/src/{components,lib}/**', partialMatch: false },
  { type: 'web', pattern: 'apps/web/**', partialMatch: false },
  { type: 'api-module', pattern: 'apps/api/src/modules/*/**', partialMatch: false, capture: ['module'] },
  { type: 'api-integration', pattern: 'apps/api/src/integrations/**', partialMatch: false },
  { type: 'api-platform', pattern: 'apps/api/src/platform/**', partialMatch: false },
  { type: 'api', pattern: 'apps/api/**', partialMatch: false },
];

/**
 * A module's SQL: its store. What other modules may import of it: its service (or an index, should it have one).
 * Every file is also `any`, so that "not public" can be asked of a file with no other category (a file without a
 * category matches no `noneOf`).
 */
const boundaryFiles = [
  { category: 'store', pattern: '**/store.ts' },
  { category: 'public', pattern: '**/{service,index}.ts' },
  { category: 'any', pattern: '**/*' },
];

const boundaryPolicies = [
  {
    from: { element: { type: 'web-feature' } },
    disallow: {
      to: { element: { type: 'web-feature', captured: { feature: '!{{ from.element.captured.feature }}' } } },
    },
    message:
      'A feature never imports a sibling feature: move the shared piece to components/ or lib/ (decision 0026).',
  },
  {
    from: { element: { type: 'api-module' } },
    disallow: {
      to: {
        element: { type: 'api-module', captured: { module: '!{{ from.element.captured.module }}' } },
        file: { categories: 'store' },
      },
    },
    message: 'A module never reads another module’s tables: call its service (decision 0026).',
  },
  {
    from: { element: { type: 'api-module' } },
    disallow: {
      to: {
        element: { type: 'api-module', captured: { module: '!{{ from.element.captured.module }}' } },
        file: { categories: { noneOf: ['public'] } },
      },
    },
    message:
      'A module imports another module only through its service.ts: export what you need from there, or move the shared piece to the domain package or platform/ (decision 0050).',
  },
  {
    from: { element: { type: 'web-shared' } },
    disallow: { to: { element: { type: 'web-feature' } } },
    message:
      'components/ and lib/ import no feature: move the piece they need out of the feature into components/ or lib/ (decision 0050).',
  },
  {
    from: { element: { type: 'api-platform' } },
    disallow: { to: { element: { type: 'api-module' } } },
    message:
      'platform/ imports no module: the module depends on the platform, not the other way; app.ts or services.ts passes in what the platform needs (decision 0050).',
  },
  {
    from: { element: { type: 'api-integration' } },
    disallow: { to: { element: { type: 'api-module' } } },
    message:
      'An integration imports no module: the composition root passes in what it needs (decision 0026).',
  },
  {
    from: { element: { type: 'domain' } },
    disallow: {
      to: {
        element: {
          types: {
            anyOf: [
              'web',
              'web-feature',
              'web-shared',
              'api',
              'api-module',
              'api-integration',
              'api-platform',
            ],
          },
        },
      },
    },
    message: 'The domain imports nothing from the apps (decision 0026).',
  },
];

/**
 * The libraries the web app reaches through one module of its own (issue 28: the first-load budget), so the thing
 * behind each can be changed in one place and no library comes back in beside it: routing through lib/router
 * (decision 0069), text through i18n/ (decision 0070), data through lib/query (decision 0072). typescript-eslint's
 * copy of the rule, so these restrictions add to the web entries' `no-restricted-imports` instead of replacing them;
 * one entry for each set of files (a later entry's options for the same rule replace an earlier one's).
 */
const WEB_LIBRARY_OWNERS = [
  {
    owner: 'apps/web/src/lib/router.tsx',
    group: [
      'react-router',
      'react-router/*',
      'react-router-dom',
      'wouter',
      'wouter/*',
      '@tanstack/react-router',
    ],
    message: 'Import routing from lib/router (decision 0069).',
  },
  {
    owner: 'apps/web/src/i18n/**',
    group: ['i18next', 'i18next/*', 'react-i18next', 'rosetta', '**/i18n/translate'],
    message: 'Text comes through i18n/react (useTranslation, Trans) and i18n/index only (decision 0070).',
  },
  {
    owner: 'apps/web/src/lib/query.ts',
    group: ['@tanstack/react-query', '@tanstack/query-core', 'swr', 'swr/*'],
    message: 'Read data through lib/query (decision 0072).',
  },
];
const restrictionsBut = (owner) => ({
  '@typescript-eslint/no-restricted-imports': [
    'error',
    {
      patterns: WEB_LIBRARY_OWNERS.filter((entry) => entry.owner !== owner).map(({ group, message }) => ({
        group,
        message,
      })),
    },
  ],
});
const WEB_LIBRARY_OWNERS_ENTRIES = [
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: WEB_LIBRARY_OWNERS.map((entry) => entry.owner),
    rules: restrictionsBut(undefined),
  },
  ...WEB_LIBRARY_OWNERS.map((entry) => ({ files: [entry.owner], rules: restrictionsBut(entry.owner) })),
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-server/**',
      'data/**',
      'coverage/**',
      'e2e/test-results/**',
      'e2e/artifacts/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  // eslint-plugin-security 4 (works with ESLint 10: it reads context.sourceCode). Its warnings fail the lint
  // (--max-warnings 0); a line it flags is either fixed or carries a disable comment saying why it is safe.
  security.configs.recommended,
  {
    rules: {
      // Keyed access on typed records and arrays: some 85 false positives, and every outside input is parsed by
      // a strict zod schema before it is used as a key. Decision record 0017.
      'security/detect-object-injection': 'off',
    },
  },
  {
    // Tests and tooling build paths and patterns from their own fixtures.
    files: [
      '**/*.test.{ts,tsx}',
      'apps/api/test/**',
      'e2e/**',
      'bench/**',
      'scripts/**',
      'apps/web/vite.config.ts',
    ],
    rules: {
      'security/detect-non-literal-fs-filename': 'off',
      'security/detect-non-literal-regexp': 'off',
    },
  },
  {
    files: ['**/*.{ts,tsx,js}'],
    plugins: { boundaries },
    settings: {
      'boundaries/elements': boundaryElements,
      'boundaries/files': boundaryFiles,
      'boundaries/root-path': import.meta.dirname,
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } },
    },
    rules: { 'boundaries/dependencies': ['error', { default: 'allow', policies: boundaryPolicies }] },
  },
  {
    // Type-aware checks on the apps and the domain: a promise nobody waits for, and a switch over a union that
    // forgets a member. They add about 15 s of CPU to the lint (decision 0026).
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': [
        'error',
        { considerDefaultExhaustiveForUnions: true },
      ],
    },
  },
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['packages/domain/src/**/*.ts'],
    ignores: ['packages/domain/src/**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [appsOnly, noIoInDomain] }] },
  },
  {
    // The browser's shell reads define.ts (pathFor, the contract types): a value import of zod here would put the
    // whole of zod in every signed-in page's first download (issue 28's budget; it happened once, through
    // listEndpoint, which now has a file of its own).
    files: ['packages/domain/src/contracts/define.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'zod',
              allowTypeImports: true,
              message:
                "The shell reads this file: zod as a type only ('import type'), schemas built elsewhere.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@dis/api', '@dis/api/*', '**/api/src/**'],
              message: 'The web app talks to the API over HTTP only.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/src/features/*/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@dis/api', '@dis/api/*'], message: 'The web app talks to the API over HTTP only.' },
          ],
        },
      ],
    },
  },
  ...WEB_LIBRARY_OWNERS_ENTRIES,
  {
    files: ['apps/api/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@dis/web', '@dis/web/*', '**/web/src/**'],
              message: 'The API never imports the web app.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/api/src/modules/*/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [{ group: ['@dis/web', '@dis/web/*'], message: 'The API never imports the web app.' }],
        },
      ],
    },
  },
);
