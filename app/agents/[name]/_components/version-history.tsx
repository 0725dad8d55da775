'use client';
// Every saved version of one variant: when, what note, what it was saved over or forked from; a
// diff between any two versions (or the agent's prompt now); load one into the editor; fork one.
import { useEffect, useState } from 'react';
import { describeParent } from '@/lib/panel/agents/lineage';
import { formatTime } from '@/lib/panel/format';
import type { VariantVersionView, VersionDiff } from '@/lib/panel/agents/variants';
import { agentApi, callApi, type ApiFailure } from '@/app/components/api-client';
import { DiffView } from './diff-view';
import { FailureBox } from '@/app/components/failure-box';

const DEFINITION = 'definition';

type Props = {
  agentName: string;
  variantName: string;
  /** Changes after every save, so that the list is read again. */
  revision: number;
  onLoad(version: VariantVersionView): void;
  onForked(version: VariantVersionView): void;
};

export function VersionHistory({ agentName, variantName, revision, onLoad, onForked }: Props) {
  const [versions, setVersions] = useState<VariantVersionView[] | null>(null);
  const [failure, setFailure] = useState<ApiFailure | null>(null);
  const [from, setFrom] = useState<string>('');
  const [to, setTo] = useState<string>('');
  const [diff, setDiff] = useState<VersionDiff | null>(null);
  const [diffFailure, setDiffFailure] = useState<ApiFailure | null>(null);
  const [forking, setForking] = useState<string | null>(null);
  const [forkName, setForkName] = useState('');
  const [forkFailure, setForkFailure] = useState<ApiFailure | null>(null);

  useEffect(() => {
    let current = true;
    callApi<{ versions: VariantVersionView[] }>(
      agentApi(agentName, `/variants/${encodeURIComponent(variantName)}`),
    ).then((answer) => {
      if (!current) return;
      if (!answer.ok) {
        setFailure(answer);
        return;
      }
      const list = answer.body.versions;
      setFailure(null);
      setVersions(list);
      // Newest against the one before it; a single version against the agent's prompt now.
      setTo(list[0]?.id ?? '');
      setFrom(list[1]?.id ?? (list[0] ? DEFINITION : ''));
    });
    return () => {
      current = false;
    };
  }, [agentName, variantName, revision]);

  useEffect(() => {
    if (!from || !to) {
      setDiff(null);
      return;
    }
    let current = true;
    const query = new URLSearchParams({ from, to });
    callApi<VersionDiff>(agentApi(agentName, `/diff?${query}`)).then((answer) => {
      if (!current) return;
      setDiff(answer.ok ? answer.body : null);
      setDiffFailure(answer.ok ? null : answer);
    });
    return () => {
      current = false;
    };
  }, [agentName, from, to]);

  const fork = async (sourceId: string) => {
    setForkFailure(null);
    const answer = await callApi<VariantVersionView>(agentApi(agentName, '/fork'), {
      body: { sourceId, name: forkName },
    });
    if (!answer.ok) {
      setForkFailure(answer);
      return;
    }
    setForking(null);
    setForkName('');
    onForked(answer.body);
  };

  if (failure) return <FailureBox failure={failure} testId="history-error" />;
  if (!versions) return <p className="muted">Reading the history…</p>;

  const options = [
    ...versions.map((version) => ({ id: version.id, label: `${version.name} v${version.version}` })),
    { id: DEFINITION, label: 'the agent’s prompt now' },
  ];
  return (
    <div data-testid="version-history" data-variant={variantName}>
      {versions.length === 0 ? (
        <p className="muted" data-testid="history-empty">
          {variantName === 'default'
            ? 'No saved versions yet. The first save keeps the prompt as imported as version 1 and your edit as ' +
              'version 2.'
            : 'No saved versions yet.'}
        </p>
      ) : (
        <div className="table-scroll">
          <table className="versions">
            <thead>
              <tr>
                <th>Version</th>
                <th>Saved (UTC)</th>
                <th>Note</th>
                <th>From</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {versions.map((version) => (
                <tr key={version.id} data-testid="version-row" data-version={version.version}>
                  <td>
                    <strong>v{version.version}</strong>
                  </td>
                  <td>{formatTime(version.createdAt)}</td>
                  <td>{version.note ?? <span className="muted">—</span>}</td>
                  <td>
                    {version.parent ? (
                      <span data-testid="version-parent">{describeParent(version.name, version.parent)}</span>
                    ) : (
                      <span className="muted">—</span>
                    )}
                  </td>
                  <td className="row-actions">
                    <button
                      type="button"
                      className="secondary small"
                      onClick={() => onLoad(version)}
                      data-testid="load-version"
                    >
                      Load
                    </button>
                    <button
                      type="button"
                      className="secondary small"
                      onClick={() => {
                        setForking(forking === version.id ? null : version.id);
                        setForkFailure(null);
                      }}
                      data-testid="fork-version"
                    >
                      Fork…
                    </button>
                    {forking === version.id ? (
                      <div className="fork-form">
                        <input
                          value={forkName}
                          placeholder="new variant name"
                          onChange={(event) => setForkName(event.target.value)}
                          aria-label="New variant name"
                          data-testid="fork-name"
                        />
                        <button
                          type="button"
                          className="small"
                          onClick={() => fork(version.id)}
                          disabled={forkName.trim() === ''}
                          data-testid="fork-submit"
                        >
                          Fork v{version.version}
                        </button>
                      </div>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {forkFailure ? <FailureBox failure={forkFailure} testId="fork-error" /> : null}
      {versions.length > 0 ? (
        <div className="diff-controls">
          <VersionSelect id="diff-from" label="Compare" value={from} onChange={setFrom} options={options} />
          <VersionSelect id="diff-to" label="with" value={to} onChange={setTo} options={options} />
        </div>
      ) : null}
      {diffFailure ? <FailureBox failure={diffFailure} testId="diff-error" /> : null}
      {diff ? <DiffView diff={diff} /> : null}
    </div>
  );
}

/** One end of the diff: a labelled select over the versions (test id `${id}-select`). */
function VersionSelect(props: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: { id: string; label: string }[];
}) {
  return (
    <div>
      <label htmlFor={props.id}>{props.label}</label>
      <select
        id={props.id}
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
        data-testid={`${props.id}-select`}
      >
        {props.options.map((option) => (
          <option key={option.id} value={option.id}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
