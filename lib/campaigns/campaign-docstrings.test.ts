// Docstring campaigns on the kinds of file today's agents got wrong on real code (issue 15, item 8):
// other encodings and line endings, properties and overloads. Each runs through the real engine:
// HTTP to a scripted model, tool workers, mirrored workspaces, SQLite.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { changesWithStatus, listChanges } from '../db/queries/campaign-changes';
import { applyToWorkingTree } from './apply';
import { acceptAllPassing } from './review';
import { docstringPolicy } from './testing/agent-policies';
import { runCampaignOver, scratchRepository } from './testing/campaign-harness';
import { CAMPAIGN_TIMEOUT_MS, campaignSuite } from './testing/campaign-suite';

const { pool, folders, database } = campaignSuite();

function docstringAfter(text: string, header: string): string | null {
  const lines = text.split(/\r?\n/);
  const at = lines.findIndex((line) => line.includes(header));
  return at === -1 ? null : lines[at + 1].trim();
}

describe('docstring campaigns over the files agents got wrong', () => {
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
        database: database(),
        repo,
        agent: 'docstring',
        tools: pool,
        policy: docstringPolicy,
      });
      expect(changesWithStatus(database(), campaign.id, 'pending').map((change) => change.checksPassed)).toEqual([
        true,
        true,
        true,
      ]);
      acceptAllPassing(database(), campaign);
      await applyToWorkingTree(database(), campaign);
      const expectedLatin = Buffer.concat([
        Buffer.from('# -*- coding: latin-1 -*-\ndef greet():\n    """Document greet."""\n    return "Gr'),
        Buffer.from([0xfc, 0xdf]),
        Buffer.from('"\n'),
      ]);
      expect(readFileSync(path.join(repo, 'latin.py')).equals(expectedLatin)).toBe(true);
      const windows = readFileSync(path.join(repo, 'windows.py'), 'latin1');
      expect(
        windows.startsWith(
          'def answer():\r\n    """Document answer."""\r\n    return 42\r\n\r\n\r\n' +
            'def scale(x):\r\n    """Document scale.\r\n\r\n    Args:\r\n',
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
        database: database(),
        repo,
        agent: 'docstring',
        tools: pool,
        policy: docstringPolicy,
      });
      const { changes } = listChanges(database(), campaign.id);
      expect(changes).toHaveLength(6);
      expect(changes.every((change) => (change.checks as { node?: { passed: boolean } }).node?.passed)).toBe(true);
      expect(acceptAllPassing(database(), campaign)).toMatchObject({ skipped: [] });
      expect(changesWithStatus(database(), campaign.id, 'accepted')).toHaveLength(6);
      await applyToWorkingTree(database(), campaign);
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
});
