// The import rules hold on the real tree, and fail with the rule's name on a small tree where each is broken.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { projectRoot } from './cli-process';

const CHECK = path.join(projectRoot, 'scripts', 'check-architecture.mjs');
const copies: string[] = [];
afterAll(() => copies.forEach((folder) => rmSync(folder, { recursive: true, force: true })));

function check(root: string) {
  const run = spawnSync(process.execPath, [CHECK, root], { encoding: 'utf8' });
  return { status: run.status, output: run.stdout + run.stderr };
}

const STAND_INS: Record<string, string> = {
  'lib/db/client.ts': 'export function getDatabase() {\n  return null;\n}\n',
  'lib/db/schema.ts': "export const experiments = { name: 'experiments' };\n",
  'lib/protocol/conversation.ts': "export const SUBMIT_RESULT = 'submit_result';\n",
  'lib/runner/types.ts': 'export type RunnerSettings = { model: string };\n',
  // As in the project, the runner imports functiongemma.
  'lib/runner/run-conversation.ts':
    "import { decode } from '../functiongemma/decode';\nexport const runConversation = () => decode();\n",
  'lib/functiongemma/decode.ts': 'export const decode = () => 0;\n',
  'app/page.tsx': 'export const stub = 1;\n',
  'proxy.ts': 'export const stub = 1;\n',
  'instrumentation.ts': 'export const stub = 1;\n',
};

/**
 * A small tree the rules read as they read the project (its configuration, node_modules linked), with
 * stand-ins for the few modules the planted violations import: one cruise of the whole project is
 * enough for the test that it holds, and a cruise of this tree takes a second.
 */
function smallTree(): string {
  const copy = mkdtempSync(path.join(tmpdir(), 'remora-architecture-'));
  copies.push(copy);
  for (const entry of ['tsconfig.json', 'package.json', '.dependency-cruiser.cjs'])
    cpSync(path.join(projectRoot, entry), path.join(copy, entry));
  symlinkSync(path.join(projectRoot, 'node_modules'), path.join(copy, 'node_modules'), 'dir');
  for (const [file, text] of Object.entries(STAND_INS)) plant(copy, file, text);
  return copy;
}

function plant(root: string, file: string, text: string) {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), text);
}

// dependency-cruiser parses every module of lib/ and app/ (about 15 s of CPU), which no
// default test time allows for on a shared machine.
const CRUISE_MS = 240_000;

describe('the import rules', () => {
  it(
    'hold on the project as it is',
    () => {
      const { status, output } = check(projectRoot);
      expect(output).toMatch(/^no architecture violations/m);
      expect(status).toBe(0);
    },
    CRUISE_MS,
  );

  it(
    'fail on a small tree with one violation of each, naming each rule',
    () => {
      const root = smallTree();
      plant(
        root,
        'lib/runner/planted-db.ts',
        "import { getDatabase } from '../db/client';\nexport const planted = getDatabase;\n",
      );
      plant(
        root,
        'lib/protocol/planted-upward.ts',
        [
          "import { SUBMIT_RESULT } from './conversation';",
          "import type { RunnerSettings } from '../runner/types';",
          'export type Planted = RunnerSettings;',
          'export const planted = SUBMIT_RESULT;',
          '',
        ].join('\n'),
      );
      plant(root, 'lib/metrics/planted-a.ts', "import { b } from './planted-b';\nexport const a = () => b();\n");
      plant(root, 'lib/metrics/planted-b.ts', "import { a } from './planted-a';\nexport const b = () => a();\n");
      // A circle held together by a type: planted-c reads a type of planted-d, which calls planted-c.
      plant(root, 'lib/metrics/planted-c.ts', "import type { D } from './planted-d';\nexport const c = (d: D) => d;\n");
      plant(
        root,
        'lib/metrics/planted-d.ts',
        "import { c } from './planted-c';\nexport type D = 1;\nexport const d = c;\n",
      );
      plant(
        root,
        'app/components/planted-client.tsx',
        "'use client';\nimport { getDatabase } from '@/lib/db/client';\nexport const planted = getDatabase;\n",
      );
      plant(
        root,
        'lib/functiongemma/planted-upward.ts',
        "import { runConversation } from '../runner/run-conversation';\nexport const planted = runConversation;\n",
      );
      // The panel reaches the database only through lib/db's query functions.
      plant(
        root,
        'lib/panel/planted-tables.ts',
        "import { experiments } from '../db/schema';\nexport const planted = experiments;\n",
      );
      plant(root, 'app/api/planted/route.ts', "import { sql } from 'drizzle-orm';\nexport const planted = sql;\n");
      plant(
        root,
        'lib/panel/planted-driver.ts',
        'export const planted = (database: { $client: { close(): void } }) => database.$client.close();\n',
      );
      // The tool pool does not reach up into an agent's folder.
      plant(root, 'agents/planted/tool.ts', 'export const tool = () => 1;\n');
      plant(
        root,
        'lib/tools/planted-agent.ts',
        "import { tool } from '../../agents/planted/tool';\nexport const planted = tool;\n",
      );
      plant(
        root,
        'lib/experiment-config/planted-db.ts',
        "import { getDatabase } from '../db/client';\nexport const planted = getDatabase;\n",
      );
      plant(
        root,
        'lib/metrics/planted-settings.ts',
        "import { z } from 'zod';\nexport const Planted = z.looseObject({\n  experiment: z.looseObject({}),\n});\n",
      );
      const { status, output } = check(root);
      expect(status).toBe(1);
      expect(output).toMatch(
        /^experiment-config-below-features: lib\/experiment-config\/planted-db\.ts → lib\/db\/client\.ts/m,
      );
      expect(output).toMatch(/^stored-settings-one-schema: lib\/metrics\/planted-settings\.ts writes its own/m);
      expect(output).toMatch(/^tools-import-no-feature: lib\/tools\/planted-agent\.ts → agents\/planted\/tool\.ts/m);
      expect(output).toMatch(
        /^panel-reaches-db-through-queries: lib\/panel\/planted-tables\.ts → lib\/db\/schema\.ts/m,
      );
      expect(output).toMatch(/^panel-no-raw-driver: app\/api\/planted\/route\.ts imports drizzle-orm/m);
      expect(output).toMatch(/^panel-no-raw-driver: lib\/panel\/planted-driver\.ts uses \$client/m);
      expect(output).toMatch(/^core-imports-no-db-or-web: lib\/runner\/planted-db\.ts → lib\/db\/client\.ts/m);
      expect(output).toMatch(/^protocol-imports-nothing: lib\/protocol\/planted-upward\.ts → lib\/runner\/types\.ts/m);
      expect(output).toMatch(/^no-runtime-cycles: lib\/metrics\/planted-[ab]\.ts → lib\/metrics\/planted-[ab]\.ts/m);
      expect(output).toMatch(
        /^client-imports-no-server-module: app\/components\/planted-client\.tsx → lib\/db\/client\.ts/m,
      );
      expect(output).toMatch(
        /^no-folder-cycle-in-lib: .*functiongemma.*runner|^no-folder-cycle-in-lib: .*runner.*functiongemma/m,
      );
      expect(output).toMatch(/^no-type-cycles: lib\/metrics\/planted-[cd]\.ts → lib\/metrics\/planted-[cd]\.ts/m);
      expect(output).not.toMatch(/^no-runtime-cycles: lib\/metrics\/planted-[cd]/m);
      expect(output).toMatch(/^12 architecture violations/m);
    },
    CRUISE_MS,
  );
});

describe('file shape (scripts/check-file-shape.mjs)', () => {
  const SHAPE = path.join(projectRoot, 'scripts', 'check-file-shape.mjs');
  const shape = (root: string) => {
    const run = spawnSync(process.execPath, [SHAPE, root], { encoding: 'utf8' });
    return { status: run.status, output: run.stdout + run.stderr };
  };

  it('holds on the project: no file over 300 lines, no line over 120 characters, in any file', () => {
    const { status, output } = shape(projectRoot);
    expect(output).toMatch(/^no file shape problems/m);
    expect(status).toBe(0);
  });

  it('fails naming a file over 300 lines and a file with a line over 120 characters', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'remora-file-shape-'));
    copies.push(root);
    plant(root, 'lib/long-file.ts', 'export const line = 1;\n'.repeat(301));
    plant(root, 'lib/wide-line.ts', `export const wide = '${'x'.repeat(120)}';\n`);
    plant(root, 'lib/fine.ts', 'export const fine = 1;\n'.repeat(300));
    const { status, output } = shape(root);
    expect(output).toMatch(/^max-300-lines: lib\/long-file\.ts has 301 lines$/m);
    expect(output).toMatch(
      /^max-120-characters: lib\/wide-line\.ts has 1 line over 120 characters, the first at line 1$/m,
    );
    expect(output).not.toMatch(/fine\.ts/);
    expect(status).toBe(1);
  });

  it('holds stylesheets to the same limits', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'remora-file-shape-'));
    copies.push(root);
    plant(root, 'app/long.css', '.rule {\n  color: red;\n}\n'.repeat(101));
    plant(root, 'app/wide.module.css', `.wide {\n  font-family: ${'x'.repeat(120)};\n}\n`);
    plant(root, 'app/fine.css', '.rule {\n  color: red;\n}\n'.repeat(100));
    const { status, output } = shape(root);
    expect(output).toMatch(/^max-300-lines: app\/long\.css has 303 lines$/m);
    expect(output).toMatch(
      /^max-120-characters: app\/wide\.module\.css has 1 line over 120 characters, the first at line 2$/m,
    );
    expect(output).not.toMatch(/fine\.css/);
    expect(status).toBe(1);
  });
});
