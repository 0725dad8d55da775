'use client';
// The endpoints: list, test (GET /v1/models), add, edit, remove. An API key is never typed here: only
// the NAME of the environment variable that holds it on the panel's machine.
import type { EndpointView } from '@/lib/panel/endpoints/endpoints';
import { FailureBox } from '../../components/failure-box';
import { AddEndpointForm } from './add-endpoint-form';
import { EndpointRow } from './endpoint-row';
import { useEndpoints } from './use-endpoints';

export function EndpointManager({ initial }: { initial: EndpointView[] }) {
  const { endpoints, tests, removeFailure, test, add, edit, remove } = useEndpoints(initial);
  return (
    <>
      <section className="card" data-testid="endpoint-list">
        {endpoints.length === 0 ? <p className="empty">No endpoints.</p> : null}
        {removeFailure ? <FailureBox failure={removeFailure} testId="endpoint-remove-error" /> : null}
        {endpoints.map((endpoint) => (
          <EndpointRow
            key={endpoint.id}
            endpoint={endpoint}
            test={tests[endpoint.id]}
            onTest={() => void test(endpoint.id)}
            onRemove={() => void remove(endpoint)}
            onSave={(body) => edit(endpoint.id, body)}
          />
        ))}
      </section>
      <AddEndpointForm add={add} />
    </>
  );
}
