import Link from 'next/link';
import { campaignList } from '@/lib/panel/campaigns/campaigns';
import { getPanel } from '@/lib/panel/runtime';
import { StatusBadge } from '@/app/components/status-badge';
import { listAgentViews } from '@/lib/panel/agents/agents';
import { listEndpointViews } from '@/lib/panel/endpoints/endpoints';
import { StartCampaignForm } from './start-campaign-form';

export const metadata = { title: 'Campaigns · Remora' };

export const dynamic = 'force-dynamic';

export default async function CampaignsPage() {
  const panel = await getPanel();
  const campaigns = campaignList(panel);
  // A campaign runs over a repository's Python nodes: agents that take text requests have none to run on.
  const views = await listAgentViews(panel);
  const agents = views.filter((agent) => agent.valid && agent.worksOnPython).map((agent) => agent.name);
  const endpoints = listEndpointViews(panel)
    .map(({ name, model, builtIn }) => ({ name, model, builtIn }))
    .sort((left, right) => Number(right.builtIn) - Number(left.builtIn));
  const textAgents = views.filter((agent) => !agent.worksOnPython).map((agent) => agent.name);
  return (
    <>
      <div className="page-head">
        <h1>Campaigns</h1>
      </div>
      <p className="muted">
        An agent run over every node of a repository. Start one here, or from the command line:{' '}
        <code>npm run --silent remora -- campaign run --agent NAME --repo PATH --base-url URL --model NAME</code>
      </p>
      <StartCampaignForm agents={agents} endpoints={endpoints} />
      {textAgents.length > 0 ? (
        <p className="muted small-text" data-testid="campaign-text-agents">
          Not offered: {textAgents.join(', ')} (they take text requests, not Python code).
        </p>
      ) : null}
      {campaigns.length === 0 ? (
        <p className="empty">No campaigns yet.</p>
      ) : (
        <div className="table-scroll">
          <table data-testid="campaigns-table">
            <thead>
              <tr>
                <th>Agent</th>
                <th>Repository</th>
                <th>Status</th>
                <th>Nodes</th>
                <th>Ran</th>
                <th>Skipped</th>
                <th>Changes</th>
                <th>Accepted</th>
              </tr>
            </thead>
            <tbody>
              {campaigns.map((campaign) => (
                <tr key={campaign.id}>
                  <td>
                    <Link href={`/campaigns/${campaign.id}`} data-testid="campaign-link">
                      {campaign.agentName}
                    </Link>
                  </td>
                  <td>
                    <code>{campaign.repoRoot}</code>
                  </td>
                  <td>
                    <StatusBadge status={campaign.status} />
                  </td>
                  <td>{campaign.nodes.found}</td>
                  <td>{campaign.nodes.ran}</td>
                  <td>{campaign.nodes.skipped}</td>
                  <td>{campaign.changes}</td>
                  <td>{campaign.accepted}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
