import Link from 'next/link';
import { notFound } from 'next/navigation';
import { campaignOverview, type CampaignOverview } from '@/lib/panel/campaigns/campaigns';
import { NotFoundError } from '@/lib/errors';
import { getPanel } from '@/lib/panel/runtime';
import { SimulatedBadge, StatusBadge } from '@/app/components/status-badge';
import { CampaignReview } from './campaign-review';

export const metadata = { title: 'Campaign · Remora' };

export const dynamic = 'force-dynamic';

async function load(id: string): Promise<CampaignOverview> {
  try {
    return campaignOverview(await getPanel(), id);
  } catch (error) {
    if (NotFoundError.is(error)) notFound();
    throw error;
  }
}

export default async function CampaignPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const overview = await load(id);
  return (
    <>
      <div className="crumbs">
        <Link href="/campaigns">Campaigns</Link> / campaign
      </div>
      <div className="page-head">
        <h1>
          {overview.agent} on <code style={{ fontSize: 15 }}>{overview.repoRoot}</code>{' '}
          <StatusBadge status={overview.status} />
          {overview.simulated ? <SimulatedBadge /> : null}
        </h1>
        <div className="actions">
          <Link
            className="button secondary"
            href={`/experiments/${overview.experimentId}/conversations`}
            data-testid="campaign-transcripts"
          >
            All transcripts
          </Link>
        </div>
      </div>
      <p className="muted" data-testid="campaign-facts">
        Campaign <code data-testid="campaign-id">{overview.id}</code>
        {` · variant ${overview.variant} · ${overview.files} files · `}
        {overview.gitCommit ? (
          <>
            commit <code>{overview.gitCommit.slice(0, 12)}</code>
          </>
        ) : (
          'not a git repository'
        )}
        {overview.applied ? ` · applied to ${String(overview.applied.branch ?? 'the working tree')}` : ''}
      </p>
      <CampaignReview initial={overview} />
      {overview.skipped.length > 0 ? (
        <section className="card" data-testid="skipped-nodes">
          <div className="card-head">
            <h2>Skipped nodes ({overview.nodes.skipped})</h2>
          </div>
          <ul>
            {overview.skipped.map((node) => (
              <li key={`${node.file}:${node.line}:${node.node}`}>
                <code>
                  {node.file}:{node.line} {node.node}
                </code>
                : {node.reason}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}
