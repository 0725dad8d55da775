// The import rules of lib/ and app/ (issue 11). `npm run check:deps` runs them; a violation
// prints the rule's name and fails the test command.
const { readdirSync, readFileSync } = require('node:fs');
const path = require('node:path');

/** Every .ts/.tsx file under a folder, with its text. */
function sources(folder) {
  return readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => {
      const file = path.join(entry.parentPath ?? entry.path, entry.name);
      return { file: path.relative(process.cwd(), file), text: readFileSync(file, 'utf8') };
    });
}

/** Files that start with the 'use client' directive: they end up in the browser bundle. */
function clientComponents(folder) {
  return sources(folder)
    .filter(({ text }) => /^\s*(\/\/[^\n]*\n\s*)*['"]use client['"]/.test(text))
    .map(({ file }) => file);
}

/**
 * Server modules: the database, tools, Python and the embedded engine, and any lib module marked server-only or using
 * node: built-ins.
 */
function serverModules() {
  return sources('lib')
    .filter(
      ({ file, text }) =>
        /^lib\/(db|tools|python|embedded)\//.test(file) || /^import ['"]server-only['"]|from ['"]node:/m.test(text),
    )
    .filter(({ file }) => !/\.test\.tsx?$/.test(file))
    .map(({ file }) => file);
}

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const CLIENT_FILES = ['app', 'lib'].flatMap((folder) => clientComponents(folder));
const SERVER_FILES = serverModules();
const anyOf = (files) => (files.length > 0 ? `^(${files.map(escape).join('|')})$` : '^$');
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'protocol-imports-nothing',
      comment: 'lib/protocol is the bottom layer: it imports nothing else of the project.',
      severity: 'error',
      from: { path: '^lib/protocol/' },
      to: { path: '^(lib/(?!protocol/)|app/|e2e/|bench/|scripts/|instrumentation|proxy)' },
    },
    {
      name: 'core-imports-no-db-or-web',
      comment: 'runner, parsing, families, metrics and protocol import nothing from db, next, react or app.',
      severity: 'error',
      from: { path: '^lib/(runner|parsing|families|metrics|protocol)/', pathNot: '\\.test\\.tsx?$' },
      to: { path: '^(lib/db/|app/|node_modules/(next|react|react-dom|drizzle-orm|better-sqlite3)/)' },
    },
    {
      name: 'tools-import-no-feature',
      comment:
        'lib/tools runs tools for every feature: it imports no agent folder (agents/), no feature folder of ' +
        "lib/ and nothing of the panel; Remora's in-process tools are handed to the pool by its caller.",
      severity: 'error',
      from: { path: '^lib/tools/', pathNot: '(\\.test\\.tsx?$|/testing/)' },
      to: { path: '^(agents/|app/|lib/(agents|api|campaigns|cli|experiments|panel|replay|serving|export|embedded)/)' },
    },
    {
      name: 'experiment-config-below-features',
      comment:
        "lib/experiment-config holds the one schema of an experiment's settings, from the request to the " +
        'stored column: lib/db types the column with it, so it imports no feature folder, no db and no panel.',
      severity: 'error',
      from: { path: '^lib/experiment-config/', pathNot: '\\.test\\.tsx?$' },
      to: { path: '^(app/|lib/(db|experiments|panel|api|cli|campaigns|replay|export|serving|agents)/)' },
    },
    {
      name: 'panel-reaches-db-through-queries',
      comment:
        "Panel code (app/, lib/panel) reads and writes through lib/db's query functions and its transaction " +
        'helper, not through the tables (drizzle and the driver, which the cruise does not follow into ' +
        'node_modules, are checked by scripts/check-architecture.mjs).',
      severity: 'error',
      from: { path: '^(app/|lib/panel/)', pathNot: '\\.test\\.tsx?$' },
      to: { path: '^lib/db/(schema|tables/)' },
    },
    {
      name: 'no-runtime-cycles',
      comment: 'A cycle of runtime imports (type-only imports aside).',
      severity: 'error',
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      // A circle of files held together by a type is one concept cut in two: the type belongs in a
      // file of its own that both read (lib/db/conversation-meta.ts, lib/tools/sandbox/host-facts.ts).
      name: 'no-type-cycles',
      comment: 'A cycle with a type-only import in it (runtime cycles are no-runtime-cycles).',
      severity: 'error',
      from: {},
      to: { circular: true, via: { dependencyTypes: ['type-only'] } },
    },
    {
      name: 'client-imports-no-server-module',
      comment:
        "A 'use client' component must not import a server module (the database, the job runner, tools...): " +
        'types only.',
      severity: 'error',
      from: { path: anyOf(CLIENT_FILES) },
      to: {
        path: [anyOf(SERVER_FILES), '^node_modules/(better-sqlite3|drizzle-orm|node-llama-cpp|server-only)/'],
        dependencyTypesNot: ['type-only'],
      },
    },
    {
      name: 'client-imports-no-node-builtin',
      comment: "A 'use client' component runs in the browser: no node: modules.",
      severity: 'error',
      from: { path: anyOf(CLIENT_FILES) },
      to: { dependencyTypes: ['core'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|\\.next[^/]*|data|test-results|playwright-report)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
    },
  },
};
