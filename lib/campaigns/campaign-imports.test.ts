// Tests and fixtures a campaign writes import and name things as Python would (issue 27, item 4): a
// module of a namespace package (PEP 420, no __init__.py) is imported by its dotted path from the
// repository root; same-name functions (branches of if/else) each get a file of their own, so no
// pair overlaps; a fixture for a package's __init__.py is named after the package. Real engine:
// HTTP to a scripted model, tool workers, workspaces, pytest, SQLite.
import { describe, expect, it } from 'vitest';
import type { ChatRequest } from '../protocol/messages';
import { toolCallMessage } from '../python/testing/scripted-server';
import { listChanges } from '../db/queries/campaign-changes';
import type { FileEdit } from './edits';
import { acceptAllPassing } from './review';
import { testPolicy } from './testing/agent-policies';
import { scratchRepository } from './testing/campaign-harness';
import { CAMPAIGN_TIMEOUT_MS, campaignSuite } from './testing/campaign-suite';

const { folders, database, run } = campaignSuite();

const GUARDED = `import sys

if sys.version_info >= (3, 0):
    def modern():
        return 1
else:
    def modern():
        return 0
`;

function fixturePolicy(request: ChatRequest): Record<string, unknown> {
  const called = request.messages.filter((message) => message.role === 'tool').length;
  if (called === 0) return toolCallMessage('write_fixture_file', { fixtures: [{}], format: 'json' });
  return toolCallMessage('submit_result', { summary: 'fixtures written', fixtures_generated: 1 });
}

function writtenFiles(campaignId: string): string[] {
  return listChanges(database(), campaignId)
    .changes.flatMap((change) => (change.edits as FileEdit[]).map((edit) => edit.path))
    .sort();
}

describe('the files a test or sample_data campaign writes', () => {
  it(
    'imports a namespace package by its dotted path and gives same-name functions their own test files',
    async () => {
      const repo = scratchRepository(
        { 'ns/tools.py': 'def ns_func():\n    return 3\n', 'guarded.py': GUARDED },
        folders,
      );
      const { campaign } = await run({ repo, agent: 'test', policy: testPolicy((name) => `${name}() is not None`) });
      const { changes } = listChanges(database(), campaign.id);
      expect(changes.map((change) => [change.nodeName, change.checksPassed])).toEqual([
        ['modern', true],
        ['modern', true],
        ['ns_func', true],
      ]);
      expect(changes[2].diff).toContain('+from ns.tools import ns_func');
      expect(new Set(writtenFiles(campaign.id)).size).toBe(3);
      expect(acceptAllPassing(database(), campaign)).toEqual({ accepted: changes.map((c) => c.id), skipped: [] });
    },
    CAMPAIGN_TIMEOUT_MS,
  );

  it(
    'names the fixtures of a package __init__.py after the package, one file per same-name function',
    async () => {
      const repo = scratchRepository(
        { 'pkg/__init__.py': 'def top():\n    return 1\n', 'guarded.py': GUARDED },
        folders,
      );
      const { campaign } = await run({ repo, agent: 'sample_data', policy: fixturePolicy });
      expect(writtenFiles(campaign.id)).toEqual([
        'fixtures/guarded_modern_line4.json',
        'fixtures/guarded_modern_line7.json',
        'fixtures/pkg_top.json',
      ]);
    },
    CAMPAIGN_TIMEOUT_MS,
  );
});
