'use client';
// The campaign form's model server: a saved endpoint (the built-in simulator first), whose model is
// filled in, or another URL typed in (the API takes one too).
import type { ChangeEvent } from 'react';

export type CampaignEndpointChoice = { name: string; model: string; builtIn: boolean };
export type ServerChoice = { endpoint: string; baseUrl: string; model: string };

/** The select's value for "type a URL" (no endpoint can be named so: names are trimmed and never empty). */
const ANOTHER_URL = '';

export function firstServer(endpoints: CampaignEndpointChoice[]): ServerChoice {
  const first = endpoints.find((endpoint) => endpoint.builtIn) ?? endpoints[0];
  return first
    ? { endpoint: first.name, baseUrl: '', model: first.model }
    : { endpoint: ANOTHER_URL, baseUrl: '', model: '' };
}

/** The request's part: the endpoint's name, or the URL and model typed. */
export function serverRequest(server: ServerChoice): Record<string, string> {
  return server.endpoint === ANOTHER_URL
    ? { baseUrl: server.baseUrl.trim(), model: server.model.trim() }
    : { endpoint: server.endpoint, model: server.model.trim() };
}

export function ServerFields({
  endpoints,
  server,
  setServer,
}: {
  endpoints: CampaignEndpointChoice[];
  server: ServerChoice;
  setServer: (server: ServerChoice) => void;
}) {
  const choose = (event: ChangeEvent<HTMLSelectElement>) => {
    const chosen = endpoints.find((endpoint) => endpoint.name === event.target.value);
    setServer({ endpoint: event.target.value, baseUrl: server.baseUrl, model: chosen?.model ?? server.model });
  };
  return (
    <>
      <label>
        Model server{' '}
        <select value={server.endpoint} onChange={choose} data-testid="campaign-endpoint">
          {endpoints.map((endpoint) => (
            <option key={endpoint.name} value={endpoint.name}>
              {endpoint.builtIn ? `${endpoint.name} (built-in simulator)` : endpoint.name}
            </option>
          ))}
          <option value={ANOTHER_URL}>Another URL…</option>
        </select>
      </label>
      {server.endpoint === ANOTHER_URL ? (
        <label>
          Base URL{' '}
          <input
            value={server.baseUrl}
            onChange={(event) => setServer({ ...server, baseUrl: event.target.value })}
            placeholder="http://127.0.0.1:8000/v1"
            required
            data-testid="campaign-base-url"
          />
        </label>
      ) : null}
      <label>
        Model{' '}
        <input
          value={server.model}
          onChange={(event) => setServer({ ...server, model: event.target.value })}
          required
          data-testid="campaign-model"
        />
      </label>
    </>
  );
}
