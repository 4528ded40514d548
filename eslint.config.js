import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Every date and time is shown, mailed and printed on Paris clocks, whatever the time zone of
// the server or the browser (UI.md): formats come from @ecare/shared/paris-time, and a Date's
// local fields (which follow the process's zone) are not read.
const PARIS_TIME_RULES = [
  ...['NewExpression', 'CallExpression'].map((call) => ({
    selector: `${call}[callee.object.name='Intl'][callee.property.name='DateTimeFormat']`,
    message: 'Format dates and times with parisDateTimeFormat or calendarDayFormat (@ecare/shared/paris-time): Paris clocks in any time zone.',
  })),
  {
    selector:
      'CallExpression > MemberExpression.callee[property.name=/^(getHours|getMinutes|getSeconds|getDate|getDay|getMonth|getFullYear|getTimezoneOffset|setHours|setMinutes|setSeconds|setDate|setMonth|setFullYear|toLocaleDateString|toLocaleTimeString|toDateString|toTimeString)$/]',
    message: 'A Date’s local time follows the process’s time zone: use its UTC methods for calendar days, or @ecare/shared/paris-time (parisWallTime, parisDay).',
  },
];
const NOT_TESTS = ['**/*.test.{ts,tsx}', 'apps/*/src/test/**'];

/**
 * French text takes the typographic apostrophe ’ (decision 040): an elision written with a straight
 * one (« l'adresse ») in a string, a template or JSX text is refused. Kept in one list, since a
 * config block that sets no-restricted-syntax again replaces these selectors.
 */
const ELISION = "/\\b(?:[ldnscjmt]|qu|jusqu|lorsqu|puisqu|quoiqu|presqu|aujourd)'[aeiouyhàâäéèêëîïôöûüœ]/i";
const FRENCH_APOSTROPHE = ['Literal[value', 'TemplateElement[value.raw', 'JSXText[value'].map((node) => ({
  selector: `${node}=${ELISION}]`,
  message: 'French text takes the typographic apostrophe ’ (decision 040).',
}));

/**
 * One file per endpoint in apps/web/src/features/<feature>/api (STYLE.md): the request function,
 * its queryOptions and its hook, named by the endpoint. A file whose top-level declarations send
 * requests (apiRequest, apiUpload, apiBinary, fetch) from more than one of them holds several
 * endpoints; shared keys and paths go to a `*-cache.ts` or `paths.ts` file, which sends nothing.
 */
const REQUEST_SENDERS = /^(apiRequest|apiUpload|apiBinary|fetch)$/;
const oneEndpointPerFile = {
  meta: { type: 'suggestion', schema: [], messages: { second: 'This file already sends a request from {{first}}: one endpoint per file in features/*/api (STYLE.md).' } },
  create(context) {
    const senders = new Map();
    const nameOf = (statement) => {
      const declaration = statement.type === 'ExportNamedDeclaration' || statement.type === 'ExportDefaultDeclaration' ? statement.declaration : statement;
      return declaration?.id?.name ?? declaration?.declarations?.[0]?.id?.name ?? 'another declaration';
    };
    return {
      CallExpression(node) {
        if (node.callee.type !== 'Identifier' || !REQUEST_SENDERS.test(node.callee.name)) return;
        const statement = context.sourceCode.getAncestors(node)[1];
        if (!statement || senders.has(statement)) return;
        const first = senders.values().next().value;
        senders.set(statement, nameOf(statement));
        if (first !== undefined) context.report({ node, messageId: 'second', data: { first } });
      },
    };
  },
};

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'apps/api/drizzle/**', 'bench/results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-non-null-assertion': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration through config/env.ts.' },
      ],
      'no-restricted-syntax': ['error', ...FRENCH_APOSTROPHE],
    },
  },
  {
    files: ['apps/api/src/config/env.ts', 'apps/api/src/test/**', '**/*.test.ts', 'e2e/**', 'bench/**', 'vitest.config.ts', '**/*.config.ts'],
    rules: { 'no-restricted-properties': 'off' },
  },
  { files: ['apps/**/*.{ts,tsx}'], ignores: NOT_TESTS, rules: { 'no-restricted-syntax': ['error', ...FRENCH_APOSTROPHE, ...PARIS_TIME_RULES] } },
  // Shared schemas are built the first time they are used (packages/shared/src/lazy-schema.ts,
  // decision 012): a zod call at a module's top level would run on every page that loads it.
  ...[
    { files: ['packages/shared/src/**/*.ts'], ignores: [...NOT_TESTS, 'packages/shared/src/paris-time.ts'], paris: PARIS_TIME_RULES },
    // Where the Paris formats are made.
    { files: ['packages/shared/src/paris-time.ts'], ignores: [], paris: [] },
  ].map(({ files, ignores, paris }) => ({
    files,
    ignores,
    rules: {
      'no-restricted-syntax': [
        'error',
        ...FRENCH_APOSTROPHE,
        ...['Program > VariableDeclaration', 'Program > ExportNamedDeclaration > VariableDeclaration'].map((declaration) => ({
          selector: `${declaration} > VariableDeclarator > CallExpression:not([callee.name='lazySchema']):has(Identifier[name='z'])`,
          message: 'Declare a schema with lazySchema(() => …): it is then built on first use, not when the module loads.',
        })),
        ...paris,
      ],
    },
  })),
  // API layering: a feature module reaches another only through that module's index.ts, and the
  // shared layers (config, db, lib, plugins, policy) never depend on a feature. The platform's
  // modules (platform/: mail, health, web, dev, clean-up, payment sandbox) are reached the same
  // way. The composition root (app.ts, core/) and tests are free to wire modules together.
  {
    files: ['apps/api/src/modules/**/*.ts', 'apps/api/src/platform/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.\\./(?!\\.\\.)[^/]+/(?!index\\.ts$)',
              message: 'A module reaches another module only through its index.ts.',
            },
            {
              regex: '^\\.\\./\\.\\./(modules|platform)/[^/]+/(?!index\\.ts$)',
              message: 'A module reaches another module only through its index.ts.',
            },
          ],
        },
      ],
    },
  },
  // Queries live in repositories: outside its *.repository.ts files (and the tables of its own
  // *.schema.ts), a module or platform piece neither builds a query (drizzle-orm) nor names a
  // table (db/schema), types aside.
  {
    files: ['apps/api/src/modules/**/*.ts', 'apps/api/src/platform/**/*.ts'],
    ignores: ['**/*.test.ts', '**/*.repository.ts', '**/*.schema.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['drizzle-orm', 'drizzle-orm/*'], allowTypeImports: true, message: 'Queries belong in the module’s *.repository.ts.' },
            { regex: '(^|/)db/schema(\\.ts|/)', allowTypeImports: true, message: 'Tables are read and written in the module’s *.repository.ts.' },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/api/src/{config,db,lib,plugins,policy}/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '(^|/)modules/', message: 'Shared API layers never depend on a feature module.' }] },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  // Web layering (apps/web/src, see apps/web/README.md): a feature never imports another feature
  // (route modules in app/ compose them), and the shared layers (components, lib) never import a
  // feature or the app. eslint-plugin-boundaries resolves each import to its file, so relative
  // paths of any depth are caught. Tests and test helpers are left out: they may wire anything.
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', 'apps/web/src/test/**'],
    plugins: { boundaries },
    settings: {
      // Re-exports and lazy imports count as much as static imports.
      'boundaries/dependency-nodes': ['import', 'export', 'dynamic-import'],
      'boundaries/elements': [
        { type: 'web-feature', pattern: 'apps/web/src/features/*', capture: ['feature'] },
        { type: 'web-shared', pattern: 'apps/web/src/{components,lib,config}' },
        { type: 'web-app', pattern: 'apps/web/src/app' },
      ],
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'allow',
          policies: [
            {
              from: { element: { type: 'web-feature' } },
              disallow: {
                to: { element: { type: 'web-feature', captured: { feature: '!{{ from.element.captured.feature }}' } } },
              },
              message: 'A feature never imports another feature: compose them in a route module (app/routes).',
            },
            {
              from: { element: { type: 'web-shared' } },
              disallow: [{ to: { element: { type: 'web-feature' } } }, { to: { element: { type: 'web-app' } } }],
              message: 'components/, lib/ and config/ never import a feature or the app.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/src/features/*/api/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    plugins: { 'web-api': { rules: { 'one-endpoint-per-file': oneEndpointPerFile } } },
    rules: { 'web-api/one-endpoint-per-file': 'error' },
  },
);
