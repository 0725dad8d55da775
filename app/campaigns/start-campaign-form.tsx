'use client';
// Starting a campaign from the panel: an agent, a repository folder on the panel's machine, what to
// leave out, and the model server (a saved endpoint, the built-in simulator first, or a URL). The same settings
// again resume the unfinished campaign instead of starting a new one.
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { callApi, type ApiFailure } from '@/app/components/api-client';
import { FailureBox } from '@/app/components/failure-box';
import { ServerFields, firstServer, serverRequest, type CampaignEndpointChoice } from './server-fields';
import { LIMITS } from '@/lib/protocol/limits';

export function StartCampaignForm({ agents, endpoints }: { agents: string[]; endpoints: CampaignEndpointChoice[] }) {
  const router = useRouter();
  const [agent, setAgent] = useState(agents.includes('docstring') ? 'docstring' : (agents[0] ?? ''));
  const [repo, setRepo] = useState('');
  const [exclude, setExclude] = useState('');
  const [server, setServer] = useState(() => firstServer(endpoints));
  const [concurrency, setConcurrency] = useState(4);
  const [failure, setFailure] = useState<ApiFailure | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setFailure(null);
    const globs = exclude
      .split(/[\n,]/)
      .map((glob) => glob.trim())
      .filter(Boolean);
    const answer = await callApi<{ id: string }>('/api/campaigns', {
      body: { agent, repo, exclude: globs, ...serverRequest(server), concurrency },
    });
    setBusy(false);
    if (answer.ok) router.push(`/campaigns/${answer.body.id}`);
    else setFailure(answer);
  };

  return (
    <form className="card" onSubmit={(event) => void submit(event)} data-testid="start-campaign">
      <div className="card-head">
        <h2>Start a campaign</h2>
      </div>
      <div className="form-grid">
        <label>
          Agent{' '}
          <select value={agent} onChange={(event) => setAgent(event.target.value)} data-testid="campaign-agent">
            {agents.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </label>
        <label>
          Repository folder{' '}
          <input
            value={repo}
            onChange={(event) => setRepo(event.target.value)}
            placeholder="/path/to/your/repository"
            required
            data-testid="campaign-repo"
          />
        </label>
        <label>
          Leave out (globs, comma-separated){' '}
          <input
            value={exclude}
            onChange={(event) => setExclude(event.target.value)}
            placeholder="tests/**, docs/**"
            data-testid="campaign-exclude"
          />
        </label>
        <ServerFields endpoints={endpoints} server={server} setServer={setServer} />
        <label>
          Nodes at once{' '}
          <input
            type="number"
            min={LIMITS.concurrency.min}
            max={LIMITS.concurrency.max}
            value={concurrency}
            onChange={(event) => setConcurrency(Number(event.target.value))}
            data-testid="campaign-concurrency"
          />
        </label>
      </div>
      <p className="muted">
        The repository is only read while the campaign runs; nothing is written until you apply accepted changes.
      </p>
      {failure ? <FailureBox failure={failure} testId="start-campaign-error" /> : null}
      <button
        type="submit"
        className="button"
        disabled={busy || agents.length === 0}
        data-testid="start-campaign-submit"
      >
        {busy ? 'Starting…' : 'Start campaign'}
      </button>
    </form>
  );
}
