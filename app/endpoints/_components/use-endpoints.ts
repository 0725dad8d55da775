'use client';
// The endpoints page's state: the list, each endpoint's last test, and adding, editing, removing one.
import { useState } from 'react';
import type { EndpointTest, EndpointView } from '@/lib/panel/endpoints/endpoints';
import { callApi, type ApiFailure } from '../../components/api-client';

export type TestState = { running: boolean; result: EndpointTest | null; failure: ApiFailure | null };

/** The built-in simulator first (what a newcomer can use at once), then by name. */
function ordered(endpoints: EndpointView[]): EndpointView[] {
  return [...endpoints].sort(
    (left, right) => Number(right.builtIn) - Number(left.builtIn) || left.name.localeCompare(right.name),
  );
}

export function useEndpoints(initial: EndpointView[]) {
  const [endpoints, setEndpoints] = useState(() => ordered(initial));
  const [tests, setTests] = useState<Record<string, TestState>>({});
  const [removeFailure, setRemoveFailure] = useState<ApiFailure | null>(null);

  const test = async (id: string) => {
    setTests((current) => ({ ...current, [id]: { running: true, result: null, failure: null } }));
    const answer = await callApi<EndpointTest>(`/api/endpoints/${encodeURIComponent(id)}/test`, { method: 'POST' });
    setTests((current) => ({
      ...current,
      [id]: { running: false, result: answer.ok ? answer.body : null, failure: answer.ok ? null : answer },
    }));
  };

  /** Sends the new endpoint; on success lists and tests it. The failure, if any, for the form to show. */
  const add = async (body: Record<string, unknown>): Promise<ApiFailure | null> => {
    const answer = await callApi<EndpointView>('/api/endpoints', { body });
    if (!answer.ok) return answer;
    setEndpoints((current) => ordered([...current, answer.body]));
    void test(answer.body.id);
    return null;
  };

  /** Sends the changes; on success shows and tests the endpoint as it is now. The failure, if any. */
  const edit = async (id: string, body: Record<string, unknown>): Promise<ApiFailure | null> => {
    const answer = await callApi<EndpointView>(`/api/endpoints/${encodeURIComponent(id)}`, { method: 'PATCH', body });
    if (!answer.ok) return answer;
    setEndpoints((current) => ordered(current.map((other) => (other.id === id ? answer.body : other))));
    void test(id);
    return null;
  };

  const remove = async (endpoint: EndpointView) => {
    if (
      !window.confirm(
        `Remove the endpoint "${endpoint.name}"? Experiments that used it keep their own copy of its settings.`,
      )
    )
      return;
    setRemoveFailure(null);
    const answer = await callApi<{ deleted: true }>(`/api/endpoints/${encodeURIComponent(endpoint.id)}`, {
      method: 'DELETE',
    });
    if (!answer.ok) {
      setRemoveFailure(answer);
      return;
    }
    setEndpoints((current) => current.filter((other) => other.id !== endpoint.id));
  };

  return { endpoints, tests, removeFailure, test, add, edit, remove };
}
