// A docstring campaign whose model replaces a hand-written docstring with template text (issue 27,
// item 1): the change fails its `preserved` check, accept-all-passing leaves it out and names it,
// and accepts it only when destructive changes are asked for. Real engine: HTTP to a scripted
// model, tool workers, workspaces, SQLite.
import { describe, expect, it } from 'vitest';
import { changesWithStatus, listChanges } from '../db/queries/campaign-changes';
import { acceptAllPassing } from './review';
import { docstringPolicy } from './testing/agent-policies';
import { scratchRepository } from './testing/campaign-harness';
import { CAMPAIGN_TIMEOUT_MS, campaignSuite } from './testing/campaign-suite';

const { folders, database, run } = campaignSuite();

const SOURCE = `def dumps(obj):
    """Serialize \`\`obj\`\` to a JSON formatted \`\`str\`\`.

    Floats are written with repr, so they read back the same.
    Keys are sorted when asked.

    Examples:
        >>> dumps(1)
        '1'
    """
    return str(obj)


def bare(x):
    return x
`;

describe('a docstring campaign that would shrink existing documentation', () => {
  it(
    'flags the shrinking change and leaves it out of accept-all-passing unless asked',
    async () => {
      const repo = scratchRepository({ 'codec.py': SOURCE }, folders);
      const { campaign } = await run({ repo, agent: 'docstring', policy: docstringPolicy });
      const byNode = Object.fromEntries(listChanges(database(), campaign.id).changes.map((c) => [c.nodeName, c]));
      expect(byNode.dumps.checksPassed).toBe(false);
      expect(byNode.dumps.checks).toMatchObject({
        parse: { passed: true },
        preserved: { passed: false, message: expect.stringContaining('dumps: its docstring shrank from 6 lines') },
      });
      expect(byNode.bare.checks).toMatchObject({ preserved: { passed: true } });

      const outcome = acceptAllPassing(database(), campaign);
      expect(outcome.accepted).toEqual([byNode.bare.id]);
      expect(outcome.skipped).toEqual([
        { id: byNode.dumps.id, reason: expect.stringContaining('lost the Examples section'), destructive: true },
      ]);
      expect(acceptAllPassing(database(), campaign, { includeDestructive: true }).accepted).toEqual([byNode.dumps.id]);
      expect(changesWithStatus(database(), campaign.id, 'accepted')).toHaveLength(2);
    },
    CAMPAIGN_TIMEOUT_MS,
  );
});
