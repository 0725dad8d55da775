// Every file accounted for (issue 27, item 5): a link to another file of the repository is skipped
// with the reason (its nodes are campaigned in its target), a link leaving the repository or to
// nothing is listed as skipped with its reason, no node ends in an internal error; a context that
// leaves no room for a node is refused before anything is read. Real engine: HTTP to a scripted
// model, tool workers, workspaces, SQLite.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { listNodes } from '../db/queries/campaign-nodes';
import { docstringPolicy } from './testing/agent-policies';
import { scratchRepository } from './testing/campaign-harness';
import { CAMPAIGN_TIMEOUT_MS, campaignSuite } from './testing/campaign-suite';

const { folders, database, run } = campaignSuite();

describe('links and context limits in a campaign', () => {
  it(
    'lists links inside and out as skipped with their reasons, and runs the real file',
    async () => {
      const repo = scratchRepository({ 'real.py': 'def answer():\n    return 42\n' }, folders);
      const outside = mkdtempSync(path.join(os.tmpdir(), 'remora-outside-'));
      folders.push(outside);
      writeFileSync(path.join(outside, 'secret.py'), 'def hidden():\n    return 1\n');
      symlinkSync('real.py', path.join(repo, 'alias.py'));
      symlinkSync(path.join(outside, 'secret.py'), path.join(repo, 'away.py'));
      symlinkSync('missing.py', path.join(repo, 'dangling.py'));
      execFileSync('git', ['-C', repo, 'add', '-A']);
      execFileSync('git', ['-C', repo, '-c', 'user.name=t', '-c', 'user.email=t@localhost', 'commit', '-qm', 'links']);

      const { campaign } = await run({ repo, agent: 'docstring', policy: docstringPolicy });
      const nodes = listNodes(database(), campaign.id).map((node) => [node.path, node.status, node.skipReason]);
      expect(nodes).toEqual([
        ['alias.py', 'skipped', 'a link to real.py: its nodes are campaigned in real.py'],
        ['away.py', 'skipped', 'a link to a file outside the repository (not read)'],
        ['dangling.py', 'skipped', 'a link to nothing (its target does not exist)'],
        ['real.py', 'ran', null],
      ]);
    },
    CAMPAIGN_TIMEOUT_MS,
  );

  it('refuses a context smaller than what the conversation keeps, before reading anything', async () => {
    const repo = scratchRepository({ 'real.py': 'def answer():\n    return 42\n' }, folders);
    await expect(
      run({ repo, agent: 'docstring', policy: docstringPolicy, settings: { contextTokens: 4000 } }),
    ).rejects.toThrow(/--context-tokens 4000 leaves no room for a node: the conversation keeps 8192 tokens/);
  });
});
