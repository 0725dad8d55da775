// The new-experiment form's endpoint: which server (or the built-in simulator) the run talks to.
import type { ExperimentDraft, ExperimentFormOptions, FormEndpoint } from '@/lib/panel/experiments/form-drafts';
import type { FieldErrors } from '@/lib/panel/experiments/form-request';
import { FieldError, invalidProps } from './field-error';

export function EndpointField({
  value,
  options,
  endpoint,
  errors,
  update,
}: {
  value: string;
  options: ExperimentFormOptions;
  endpoint: FormEndpoint | undefined;
  errors: FieldErrors;
  update: (change: Partial<ExperimentDraft>) => void;
}) {
  return (
    <div>
      <label htmlFor="endpoint">Endpoint</label>
      <select
        id="endpoint"
        value={value}
        onChange={(event) => update({ endpoint: event.target.value })}
        data-testid="endpoint-select"
        {...invalidProps('endpoint', errors)}
      >
        {options.endpoints.map((candidate) => (
          <option key={candidate.name} value={candidate.name}>
            {candidate.builtIn ? 'built-in simulator (simulated)' : `${candidate.name} (${candidate.model})`}
          </option>
        ))}
      </select>
      <div className="field-hint">
        {!endpoint || endpoint.builtIn ? 'Needs no GPU; its numbers are marked simulated.' : endpoint.baseUrl}
      </div>
      {!endpoint || endpoint.builtIn ? (
        <div className="field-hint" data-testid="simulator-ab-note">
          The simulator does not read a prompt&apos;s wording (its failure rates are the same whatever the prompt says):
          variants that differ only in their prompt are an A/A test on it, and any difference is noise. Settings such as
          tool choice do change what it does. <a href="/start#real-server">Point at a real server</a> to compare
          prompts.
        </div>
      ) : null}
      <FieldError field="endpoint" errors={errors} />
    </div>
  );
}
