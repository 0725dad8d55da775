// Which nodes a campaign runs on and what a lint campaign changes (issue 15, item 8): a module too
// large for the context is skipped with its reason, every other node covered once; ruff's unsafe
// fixes only when asked. Each runs through the real engine: HTTP to a scripted model, tool
// workers, mirrored workspaces, SQLite.
import { describe, expect, it } from 'vitest';
import { listChanges } from '../db/queries/campaign-changes';
import { nodeCounts } from '../db/queries/campaigns';
import { listNodes } from '../db/queries/campaign-nodes';
import { docstringPolicy, lintPolicy } from './testing/agent-policies';
import { runCampaignOver, scratchRepository } from './testing/campaign-harness';
import { CAMPAIGN_TIMEOUT_MS, campaignSuite } from './testing/campaign-suite';

const { pool, folders, database, run } = campaignSuite();

describe('campaign nodes and lint fixes', () => {
  it(
    'skips a file that does not parse with its reason, and covers every node exactly once',
    async () => {
      const big = Array.from({ length: 400 }, (_, index) => `def f${index}(x):\n    return x + ${index}\n`).join('\n');
      const guarded =
        'import sys\n\nif sys.version_info >= (3, 8):\n    def modern():\n        return 1\n' +
        'else:\n    def modern():\n        return 0\n\n' +
        'try:\n    import fast\nexcept ImportError:\n    def fallback():\n        return None\n';
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
        database: database(),
        repo,
        agent: 'lint',
        tools: pool,
        policy: lintPolicy,
        settings: { contextTokens: 4000, reserveTokens: 1000 },
      });
      expect(nodeCounts(database(), campaign.id)).toEqual({ found: 3, pending: 0, ran: 2, skipped: 1 });
      const skipped = listNodes(database(), campaign.id, { status: 'skipped' });
      expect(skipped.map((node) => [node.path, node.skipReason?.split(':')[0] ?? ''])).toEqual([
        ['broken.py', 'syntax error'],
      ]);

      const docs = await runCampaignOver({
        database: database(),
        repo,
        agent: 'docstring',
        tools: pool,
        policy: docstringPolicy,
        settings: { exclude: ['big.py'] },
      });
      const ran = listNodes(database(), docs.campaign.id, { status: 'ran' }).map(
        (node) => `${node.path}:${node.name}@${node.startLine}`,
      );
      expect(ran).toEqual(['guarded.py:modern@4', 'guarded.py:modern@7', 'guarded.py:fallback@13']);
    },
    CAMPAIGN_TIMEOUT_MS,
  );

  it(
    "lints a module too large for the context from ruff's issues and the lines around them, not the whole file",
    async () => {
      const big = Array.from({ length: 400 }, (_, index) => `def f${index}(x):\n    return x + ${index}\n`).join('\n');
      const repo = scratchRepository({ 'big.py': `import os\n\n\n${big}` }, folders);
      const { campaign, requests } = await run({
        repo,
        agent: 'lint',
        policy: lintPolicy,
        settings: { contextTokens: 4000, reserveTokens: 1000 },
      });
      expect(nodeCounts(database(), campaign.id)).toMatchObject({ found: 1, ran: 1, skipped: 0 });
      const sent = JSON.stringify(requests[0].messages);
      expect(sent).toContain('# line 1: F401');
      expect(sent).toContain('     1 | import os');
      expect(sent).not.toContain('def f399');
      const [change] = listChanges(database(), campaign.id).changes;
      expect(change.diff).toContain('-import os');
      expect(change.checksPassed).toBe(true);
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
        database: database(),
        repo,
        agent: 'lint',
        tools: pool,
        policy: lintPolicy,
      });
      const [change] = listChanges(database(), safe.campaign.id).changes;
      expect(change.diff).toContain('-import os');
      expect(change.diff).not.toContain('is None');
      expect(change.checks).toMatchObject({ lint: { passed: true, before: 2, after: 1, unsafeNotApplied: 1 } });

      const unsafe = await runCampaignOver({
        database: database(),
        repo,
        agent: 'lint',
        tools: pool,
        policy: lintPolicy,
        settings: { unsafeFixes: true },
      });
      const [opted] = listChanges(database(), unsafe.campaign.id).changes;
      expect(opted.diff).toContain('+    return value is None');
      expect(opted.checks).toMatchObject({ lint: { passed: true, before: 2, after: 0, unsafeNotApplied: 0 } });
    },
    CAMPAIGN_TIMEOUT_MS,
  );
});
