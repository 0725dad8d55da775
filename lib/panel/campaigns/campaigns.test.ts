import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openTemporaryDatabase, type TemporaryDatabase } from '../../db/testing/temporary-database';
import { ToolWorkerPool } from '../../tools/worker-pool';
import { docstringPolicy } from '../../campaigns/testing/agent-policies';
import { removeFolders, runCampaignOver, scratchRepository } from '../../campaigns/testing/campaign-harness';
import type { PanelContext } from '../context';
import { ChangeQuery, campaignChanges, campaignOverview, campaignPatch, decideChanges } from './campaigns';

const pool = new ToolWorkerPool({ size: 2 });
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

describe('the panel side of a campaign', () => {
  it('pages and filters changes by status and file, takes decisions, gives the accepted ones as a patch', async () => {
    const repo = scratchRepository(
      { 'a.py': 'def one():\n    return 1\n\n\ndef two():\n    return 2\n', 'b.py': 'def three():\n    return 3\n' },
      folders,
    );
    const { campaign } = await runCampaignOver({
      database: temporary.database,
      repo,
      agent: 'docstring',
      tools: pool,
      policy: docstringPolicy,
    });
    const context = { database: temporary.database } as PanelContext;
    const overview = campaignOverview(context, campaign.id);
    expect(overview).toMatchObject({
      status: 'completed',
      nodes: { found: 3, ran: 3, skipped: 0 },
      changes: { total: 3, pending: 3, accepted: 0 },
      changedFiles: [
        { path: 'a.py', changes: 2 },
        { path: 'b.py', changes: 1 },
      ],
    });

    const firstPage = campaignChanges(context, campaign.id, ChangeQuery.parse({ limit: '2' }));
    expect(firstPage.total).toBe(3);
    expect(firstPage.changes.map((change) => change.nodeName)).toEqual(['one', 'two']);
    expect(
      campaignChanges(context, campaign.id, ChangeQuery.parse({ limit: '2', offset: '2' })).changes.map(
        (change) => change.nodeName,
      ),
    ).toEqual(['three']);
    expect(
      campaignChanges(context, campaign.id, ChangeQuery.parse({ path: 'b.py' })).changes.map(
        (change) => change.nodeName,
      ),
    ).toEqual(['three']);

    decideChanges(context, campaign.id, { action: 'accept', ids: [firstPage.changes[0].id] });
    decideChanges(context, campaign.id, { action: 'reject', ids: [firstPage.changes[1].id] });
    expect(
      campaignChanges(context, campaign.id, ChangeQuery.parse({ status: 'accepted' })).changes.map(
        (change) => change.nodeName,
      ),
    ).toEqual(['one']);
    const patch = (await campaignPatch(context, campaign.id)).toString('utf8');
    expect(patch).toContain('Document one.');
    expect(patch).not.toContain('Document two.');
    expect(patch).not.toContain('Document three.');
  }, 180_000);
});
