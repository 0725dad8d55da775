// What the spec's validation says about the prompt being edited: errors (saving is refused for the
// ones the edit brings) and warnings (advice).
import type { DraftValidation } from '@/lib/panel/agents/editing';
import type { DebouncedState } from '../../_components/use-debounced-call';

export function ValidationPanel({ state }: { state: DebouncedState<DraftValidation> }) {
  const { data, failure, pending } = state;
  if (failure) {
    return (
      <div className="validation" data-testid="validation">
        <span className="bad-text">The check could not run: {failure.message}</span>
      </div>
    );
  }
  if (!data)
    return (
      <div className="validation muted" data-testid="validation">
        {pending ? 'checking…' : ''}
      </div>
    );
  const inherited = data.errors.filter((error) => !data.introduced.includes(error));
  return (
    <div className="validation" data-testid="validation" data-pending={pending ? 'true' : 'false'}>
      {data.errors.length === 0 && data.warnings.length === 0 ? (
        <span className="good-text" data-testid="validation-ok">
          ✓ passes validation{pending ? ' (checking the latest change…)' : ''}
        </span>
      ) : null}
      {data.introduced.length > 0 ? (
        <div className="validation-errors" data-testid="validation-errors">
          <strong>
            {data.introduced.length} error{data.introduced.length === 1 ? '' : 's'} (fix before saving)
          </strong>
          <ul>
            {data.introduced.map((error) => (
              <li key={error}>{error}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {inherited.length > 0 ? (
        <div className="validation-errors inherited" data-testid="validation-agent-errors">
          <strong>
            The agent itself has {inherited.length} problem{inherited.length === 1 ? '' : 's'} (not from this edit)
          </strong>
          <ul>
            {inherited.map((error) => (
              <li key={error}>{error}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {data.warnings.length > 0 ? (
        <div className="validation-warnings" data-testid="validation-warnings">
          <strong>
            {data.warnings.length} warning{data.warnings.length === 1 ? '' : 's'}
          </strong>
          <ul>
            {data.warnings.map((warning) => (
              <li key={warning}>{warning}</li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
