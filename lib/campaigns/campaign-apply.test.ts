// Campaigns through to the repository (issue 15, item 8): the tests an agent wrote pass after apply,
// and apply refuses overlapping changes or a file edited since the run, writing nothing. Each runs
// through the real engine: HTTP to a scripted model, tool workers, mirrored workspaces, SQLite.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { listChanges } from '../db/queries/campaign-changes';
import { getCampaign } from '../db/queries/campaigns';
import { applyToWorkingTree, exportPatch } from './apply';
import { acceptAllPassing, acceptChanges, changeResultText, editChange } from './review';
import { docstringPolicy, lintPolicy, testPolicy } from './testing/agent-policies';
import { runCampaignOver, scratchRepository } from './testing/campaign-harness';
import { CAMPAIGN_TIMEOUT_MS, campaignSuite } from './testing/campaign-suite';

const { pool, folders, database } = campaignSuite();

describe('campaigns from the run to the repository', () => {
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
        database: database(),
        repo,
        agent: 'test',
        tools: pool,
        policy: testPolicy((name) => `${name}(3) == 6`),
      });
      const { changes } = listChanges(database(), campaign.id);
      expect(changes.map((change) => [change.path, change.nodeName])).toEqual([
        ['tests/test_shop_prices_with_tax.py', 'with_tax'],
      ]);
      expect(changes[0].diff).toContain('+from shop.prices import with_tax');
      expect(changes[0].checks).toMatchObject({
        tests: { passed: true, written: 1, passedTests: 1 },
        parse: { passed: true },
      });
      acceptAllPassing(database(), campaign);
      await applyToWorkingTree(database(), campaign);
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
        database: database(),
        repo,
        agent: 'lint',
        tools: pool,
        policy: lintPolicy,
      });
      const lintChange = listChanges(database(), lint.campaign.id).changes.find((change) => change.path === 'a.py');
      expect(lintChange?.checks).toMatchObject({
        lint: { passed: true, before: 1, after: 0 },
        parse: { passed: true },
      });

      const docs = await runCampaignOver({
        database: database(),
        repo,
        agent: 'docstring',
        tools: pool,
        policy: docstringPolicy,
      });
      const byNode = Object.fromEntries(
        listChanges(database(), docs.campaign.id).changes.map((change) => [change.nodeName, change]),
      );
      // The person edits one's change so that it also rewrites two's body: it now overlaps two's change.
      const { text } = await changeResultText(database(), docs.campaign, byNode.one.id);
      await editChange(database(), docs.campaign, byNode.one.id, text.replace('    return 2\n', '    return 22\n'));
      acceptChanges(database(), docs.campaign, [byNode.one.id, byNode.three.id]);
      expect(() => acceptChanges(database(), docs.campaign, [byNode.two.id])).toThrow(
        expect.objectContaining({ problems: [`a.py line 10: ${byNode.one.id} and ${byNode.two.id}`] }),
      );
      expect(acceptAllPassing(database(), docs.campaign).skipped.map((skip) => skip.id)).toEqual([byNode.two.id]);
      const patch = (await exportPatch(database(), docs.campaign)).patch.toString('utf8');
      expect(patch).toContain('+    """Document one."""');
      expect(patch).toContain('+    return 22');
      expect(patch).toContain('+    """Document three."""');
      expect(patch).not.toContain('Document two');

      writeFileSync(path.join(repo, 'b.py'), 'def three():\n    return 33\n');
      const before = readFileSync(path.join(repo, 'a.py'));
      await expect(applyToWorkingTree(database(), docs.campaign)).rejects.toMatchObject({
        problems: ['b.py changed since the campaign read it (its hash differs)'],
      });
      expect(readFileSync(path.join(repo, 'a.py')).equals(before)).toBe(true);
      expect(getCampaign(database(), docs.campaign.id)?.applied).toBeNull();
    },
    CAMPAIGN_TIMEOUT_MS,
  );
});
