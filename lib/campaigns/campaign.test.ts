// Campaigns on the kinds of file today's agents got wrong on real code (issue 15, item 8), each run
// through the real engine: HTTP to a scripted model, tool workers, mirrored workspaces, SQLite.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { changesWithStatus, listChanges } from '../db/queries/campaign-changes';
import { getCampaign, nodeCounts } from '../db/queries/campaigns';
import { listNodes } from '../db/queries/campaign-nodes';
import { openTemporaryDatabase, type TemporaryDatabase } from '../db/testing/temporary-database';
import { ToolWorkerPool } from '../tools/worker-pool';
import { applyToWorkingTree, exportPatch } from './apply';
import { acceptAllPassing, acceptChanges, changeResultText, editChange } from './review';
import { docstringPolicy, lintPolicy, testPolicy } from './testing/agent-policies';
import { removeFolders, runCampaignOver, scratchRepository } from './testing/campaign-harness';

const pool = new ToolWorkerPool({ size: 2 });
// Each test runs whole campaigns with real tools (tree-sitter, ruff, py_compile, pytest) in worker processes.
const CAMPAIGN_TIMEOUT_MS = 180_000;
const folders: string[] = [];
let temporary: TemporaryDatabase;

beforeEach(() => {
  temporary = openTemporaryDatabase();
});
afterEach(() => temporary.dispose());
afterAll(async () => {
  await pool.close();
  removeFolders(folders);
});

function docstringAfter(text: string, header: string): string | null {
  const lines = text.split(/\r?\n/);
  const at = lines.findIndex((line) => line.includes(header));
  return at === -1 ? null : lines[at + 1].trim();
}

describe('campaigns over the files agents got wrong', () => {
  it(
    'tests a package with relative imports from the repository root: they pass in the workspace and after apply',
    async () => {
      const repo = scratchRepository(
        {
          'pyproject.toml': '[project]\nname = "shop"\nversion = "0.1"\n',
          'shop/__init__.py': '',
          'shop/prices.py': 'from .rates import RATE\n\n\ndef with_tax(amount):\n    return round(amount * RATE, 2)\n',
          'shop/rates.py': 'RATE = 2\n',
        },
        folders,
      );
      const { campaign } = await runCampaignOver({
        database: temporary.database,
        repo,
        agent: 'test',
        tools: pool,
        policy: testPolicy((name) => `${name}(3) == 6`),
      });
      const { changes } = listChanges(temporary.database, campaign.id);
      expect(changes.map((change) => [change.path, change.nodeName])).toEqual([
        ['tests/test_shop_prices_with_tax.py', 'with_tax'],
      ]);
      expect(changes[0].diff).toContain('+from shop.prices import with_tax');
      expect(changes[0].checks).toMatchObject({
        tests: { passed: true, written: 1, passedTests: 1 },
        parse: { passed: true },
      });
      acceptAllPassing(temporary.database, campaign);
      await applyToWorkingTree(temporary.database, campaign);
      // The project's own way to run tests, from the repository root.
      const output = execFileSync('python3', ['-m', 'pytest', '-q', '-p', 'no:cacheprovider'], {
        cwd: repo,
        encoding: 'utf8',
        env: { ...process.env, PYTHONDONTWRITEBYTECODE: '1' },
      });
      expect(output).toContain('1 passed');
    },
    CAMPAIGN_TIMEOUT_MS,
  );

  it(
    'changes a latin-1 file and a CRLF file byte for byte only where the docstring goes',
    async () => {
      const latin = Buffer.concat([
        Buffer.from('# -*- coding: latin-1 -*-\ndef greet():\n    return "Gr'),
        Buffer.from([0xfc]),
        Buffer.from('\xdf"\n', 'latin1'),
      ]);
      const crlf = Buffer.from('def answer():\r\n    return 42\r\n\r\n\r\ndef scale(x):\r\n    return x * 2\r\n');
      const repo = scratchRepository({ 'latin.py': latin, 'windows.py': crlf }, folders);
      const { campaign } = await runCampaignOver({
        database: temporary.database,
        repo,
        agent: 'docstring',
        tools: pool,
        policy: docstringPolicy,
      });
      expect(
        changesWithStatus(temporary.database, campaign.id, 'pending').map((change) => change.checksPassed),
      ).toEqual([true, true, true]);
      acceptAllPassing(temporary.database, campaign);
      await applyToWorkingTree(temporary.database, campaign);
      const expectedLatin = Buffer.concat([
        Buffer.from('# -*- coding: latin-1 -*-\ndef greet():\n    """Document greet."""\n    return "Gr'),
        Buffer.from([0xfc, 0xdf]),
        Buffer.from('"\n'),
      ]);
      expect(readFileSync(path.join(repo, 'latin.py')).equals(expectedLatin)).toBe(true);
      const windows = readFileSync(path.join(repo, 'windows.py'), 'latin1');
      expect(
        windows.startsWith(
          'def answer():\r\n    """Document answer."""\r\n    return 42\r\n\r\n\r\ndef scale(x):\r\n    """Document scale.\r\n\r\n    Args:\r\n',
        ),
      ).toBe(true);
      // Every line the docstrings added ends as the file's lines do.
      expect(windows.replace(/\r\n/g, '')).not.toContain('\n');
      expect(windows.endsWith('    """\r\n    return x * 2\r\n')).toBe(true);
    },
    CAMPAIGN_TIMEOUT_MS,
  );

  it(
    'documents a property getter and its setter, and each @overload stub, on the right node',
    async () => {
      const source = [
        'from typing import overload',
        '',
        '',
        'class Box:',
        '    @property',
        '    def size(self):',
        '        return self._size',
        '',
        '    @size.setter',
        '    def size(self, value):',
        '        self._size = value',
        '',
        '    @overload',
        '    def get(self, key: int) -> int: ...',
        '    @overload',
        '    def get(self, key: str) -> str: ...',
        '    def get(self, key):',
        '        return key',
        '',
      ].join('\n');
      const repo = scratchRepository({ 'box.py': source }, folders);
      const { campaign } = await runCampaignOver({
        database: temporary.database,
        repo,
        agent: 'docstring',
        tools: pool,
        policy: docstringPolicy,
      });
      const { changes } = listChanges(temporary.database, campaign.id);
      expect(changes).toHaveLength(6);
      expect(changes.every((change) => (change.checks as { node?: { passed: boolean } }).node?.passed)).toBe(true);
      expect(acceptAllPassing(temporary.database, campaign)).toMatchObject({ skipped: [] });
      expect(changesWithStatus(temporary.database, campaign.id, 'accepted')).toHaveLength(6);
      await applyToWorkingTree(temporary.database, campaign);
      const after = readFileSync(path.join(repo, 'box.py'), 'utf8');
      expect(docstringAfter(after, 'def size(self):')).toBe('"""Document size."""');
      // The setter has a parameter to list: its docstring opens with the summary, then Args.
      expect(docstringAfter(after, 'def size(self, value):')).toBe('"""Document size.');
      expect(after).toContain('        return self._size');
      expect(after.indexOf('self._size = value')).toBeGreaterThan(after.indexOf('def size(self, value):'));
      expect(docstringAfter(after, 'def get(self, key):')).toBe('"""Document get.');
      expect(docstringAfter(after, 'class Box:')).toBe('"""Document Box."""');
      // Each stub's `...` body moved under its own docstring.
      expect(docstringAfter(after, 'def get(self, key: int) -> int:')).toBe('"""Document get.');
      expect(docstringAfter(after, 'def get(self, key: str) -> str:')).toBe('"""Document get.');
      execFileSync('python3', [
        '-c',
        `compile(open(${JSON.stringify(path.join(repo, 'box.py'))}).read(), "box.py", "exec")`,
      ]);
    },
    CAMPAIGN_TIMEOUT_MS,
  );

  it(
    'skips a module too large for the context with its reason, and covers every node exactly once',
    async () => {
      const big = Array.from({ length: 400 }, (_, index) => `def f${index}(x):\n    return x + ${index}\n`).join('\n');
      const guarded =
        'import sys\n\nif sys.version_info >= (3, 8):\n    def modern():\n        return 1\nelse:\n    def modern():\n        return 0\n\ntry:\n    import fast\nexcept ImportError:\n    def fallback():\n        return None\n';
      const repo = scratchRepository(
        {
          'big.py': big,
          'guarded.py': guarded,
          'broken.py': 'def oops(:\n',
          'ignored/skip.py': 'x = 1\n',
          '.gitignore': 'ignored/\n',
        },
        folders,
      );
      const { campaign } = await runCampaignOver({
        database: temporary.database,
        repo,
        agent: 'lint',
        tools: pool,
        policy: lintPolicy,
        settings: { contextTokens: 4000, reserveTokens: 1000 },
      });
      expect(nodeCounts(temporary.database, campaign.id)).toEqual({ found: 3, pending: 0, ran: 1, skipped: 2 });
      const skipped = listNodes(temporary.database, campaign.id, { status: 'skipped' });
      expect(skipped.map((node) => [node.path, node.skipReason?.split(':')[0] ?? ''])).toEqual([
        ['big.py', expect.stringContaining('the module needs about')],
        ['broken.py', 'syntax error'],
      ]);
      expect(skipped[0].skipReason).toContain('4000-token context');

      const docs = await runCampaignOver({
        database: temporary.database,
        repo,
        agent: 'docstring',
        tools: pool,
        policy: docstringPolicy,
        settings: { exclude: ['big.py'] },
      });
      const ran = listNodes(temporary.database, docs.campaign.id, { status: 'ran' }).map(
        (node) => `${node.path}:${node.name}@${node.startLine}`,
      );
      expect(ran).toEqual(['guarded.py:modern@4', 'guarded.py:modern@7', 'guarded.py:fallback@13']);
    },
    CAMPAIGN_TIMEOUT_MS,
  );

  it(
    "applies only ruff's safe fixes unless the campaign opts in, and says how many were left as unsafe",
    async () => {
      const repo = scratchRepository(
        { 'checks.py': 'import os\n\n\ndef missing(value):\n    return value == None\n' },
        folders,
      );
      const safe = await runCampaignOver({
        database: temporary.database,
        repo,
        agent: 'lint',
        tools: pool,
        policy: lintPolicy,
      });
      const [change] = listChanges(temporary.database, safe.campaign.id).changes;
      expect(change.diff).toContain('-import os');
      expect(change.diff).not.toContain('is None');
      expect(change.checks).toMatchObject({ lint: { passed: true, before: 2, after: 1, unsafeNotApplied: 1 } });

      const unsafe = await runCampaignOver({
        database: temporary.database,
        repo,
        agent: 'lint',
        tools: pool,
        policy: lintPolicy,
        settings: { unsafeFixes: true },
      });
      const [opted] = listChanges(temporary.database, unsafe.campaign.id).changes;
      expect(opted.diff).toContain('+    return value is None');
      expect(opted.checks).toMatchObject({ lint: { passed: true, before: 2, after: 0, unsafeNotApplied: 0 } });
    },
    CAMPAIGN_TIMEOUT_MS,
  );

  it(
    'refuses overlapping changes with both named, and a file edited after the run, writing nothing',
    async () => {
      const repo = scratchRepository(
        {
          'a.py': 'import os\nimport sys\n\n\ndef one():\n    return sys.argv\n\n\ndef two():\n    return 2\n',
          'b.py': 'def three():\n    return 3\n',
        },
        folders,
      );
      const lint = await runCampaignOver({
        database: temporary.database,
        repo,
        agent: 'lint',
        tools: pool,
        policy: lintPolicy,
      });
      const lintChange = listChanges(temporary.database, lint.campaign.id).changes.find(
        (change) => change.path === 'a.py',
      );
      expect(lintChange?.checks).toMatchObject({
        lint: { passed: true, before: 1, after: 0 },
        parse: { passed: true },
      });

      const docs = await runCampaignOver({
        database: temporary.database,
        repo,
        agent: 'docstring',
        tools: pool,
        policy: docstringPolicy,
      });
      const byNode = Object.fromEntries(
        listChanges(temporary.database, docs.campaign.id).changes.map((change) => [change.nodeName, change]),
      );
      // The person edits one's change so that it also rewrites two's body: it now overlaps two's change.
      const { text } = await changeResultText(temporary.database, docs.campaign, byNode.one.id);
      await editChange(
        temporary.database,
        docs.campaign,
        byNode.one.id,
        text.replace('    return 2\n', '    return 22\n'),
      );
      acceptChanges(temporary.database, docs.campaign, [byNode.one.id, byNode.three.id]);
      expect(() => acceptChanges(temporary.database, docs.campaign, [byNode.two.id])).toThrow(
        expect.objectContaining({ problems: [`a.py line 10: ${byNode.one.id} and ${byNode.two.id}`] }),
      );
      expect(acceptAllPassing(temporary.database, docs.campaign).skipped.map((skip) => skip.id)).toEqual([
        byNode.two.id,
      ]);
      const patch = (await exportPatch(temporary.database, docs.campaign)).patch.toString('utf8');
      expect(patch).toContain('+    """Document one."""');
      expect(patch).toContain('+    return 22');
      expect(patch).toContain('+    """Document three."""');
      expect(patch).not.toContain('Document two');

      writeFileSync(path.join(repo, 'b.py'), 'def three():\n    return 33\n');
      const before = readFileSync(path.join(repo, 'a.py'));
      await expect(applyToWorkingTree(temporary.database, docs.campaign)).rejects.toMatchObject({
        problems: ['b.py changed since the campaign read it (its hash differs)'],
      });
      expect(readFileSync(path.join(repo, 'a.py')).equals(before)).toBe(true);
      expect(getCampaign(temporary.database, docs.campaign.id)?.applied).toBeNull();
    },
    CAMPAIGN_TIMEOUT_MS,
  );
});
