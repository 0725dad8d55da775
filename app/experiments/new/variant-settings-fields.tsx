'use client';
// A variant's runner settings in the new-experiment form: tool choice, temperature, max tokens,
// history, how the response is read, how tools are shown, and the two switches.
import type {
  HISTORY_MODES,
  RESPONSE_PREFERENCES,
  TOOL_PRESENTATIONS,
  VariantSettingsDraft,
} from '@/lib/panel/experiments/form-drafts';
import { FieldError, invalidProps } from './field-error';
import styles from './form.module.css';

const HISTORY_LABELS: Record<(typeof HISTORY_MODES)[number], string> = {
  full: 'full history',
  'initial-only': 'initial messages only (seed bug)',
};
const PREFERENCE_LABELS: Record<(typeof RESPONSE_PREFERENCES)[number], string> = {
  'tool_calls-first': 'tool_calls first',
  'content-first': 'content first',
};
const PRESENTATION_LABELS: Record<(typeof TOOL_PRESENTATIONS)[number], string> = {
  native: 'native (tools parameter)',
  'system-prompt': 'in the system prompt',
};

/** One of a setting's fixed values, shown by its label. */
function ChoiceField<Value extends string>({
  id,
  label,
  value,
  labels,
  testId,
  onChange,
}: {
  id: string;
  label: string;
  value: Value;
  labels: Record<Value, string>;
  testId: string;
  onChange(value: Value): void;
}) {
  return (
    <div>
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value as Value)} data-testid={testId}>
        {(Object.keys(labels) as Value[]).map((choice) => (
          <option key={choice} value={choice}>
            {labels[choice]}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The props every field group of one variant takes: its ids, its error keys and how it changes. */
export type VariantFieldProps = {
  id(name: string): string;
  field(name: string): string;
  errors: Record<string, string[]>;
};

export function VariantSettingsFields({
  settings,
  tools,
  id,
  field,
  errors,
  onChange,
}: VariantFieldProps & {
  settings: VariantSettingsDraft;
  tools: string[];
  onChange(settings: VariantSettingsDraft): void;
}) {
  const setSetting = <Key extends keyof VariantSettingsDraft>(key: Key, value: VariantSettingsDraft[Key]) =>
    onChange({ ...settings, [key]: value });
  return (
    <div className={styles.settings}>
      <div>
        <label htmlFor={id('tool-choice')}>Tool choice</label>
        <select
          id={id('tool-choice')}
          value={settings.toolChoice}
          onChange={(event) => setSetting('toolChoice', event.target.value)}
          data-testid="variant-tool-choice"
          {...invalidProps(field('settings.toolChoice'), errors)}
        >
          <option value="auto">auto</option>
          <option value="required">required</option>
          <option value="none">none</option>
          {tools.map((tool) => (
            <option key={tool} value={tool}>
              only {tool}
            </option>
          ))}
        </select>
        <FieldError field={field('settings.toolChoice')} errors={errors} />
      </div>
      <div>
        <label htmlFor={id('temperature')}>Temperature</label>
        <input
          id={id('temperature')}
          type="text"
          inputMode="decimal"
          value={settings.temperature}
          onChange={(event) => setSetting('temperature', event.target.value)}
          data-testid="variant-temperature"
          {...invalidProps(field('settings.temperature'), errors)}
        />
        <FieldError field={field('settings.temperature')} errors={errors} />
      </div>
      <div>
        <label htmlFor={id('max-tokens')}>Max tokens</label>
        <input
          id={id('max-tokens')}
          type="text"
          inputMode="numeric"
          placeholder="server default"
          value={settings.maxTokens}
          onChange={(event) => setSetting('maxTokens', event.target.value)}
          data-testid="variant-max-tokens"
          {...invalidProps(field('settings.maxTokens'), errors)}
        />
        <FieldError field={field('settings.maxTokens')} errors={errors} />
      </div>
      <ChoiceField
        id={id('history')}
        label="History"
        value={settings.historyMode}
        labels={HISTORY_LABELS}
        testId="variant-history-mode"
        onChange={(value) => setSetting('historyMode', value)}
      />
      <ChoiceField
        id={id('preference')}
        label="Read the response"
        value={settings.responsePreference}
        labels={PREFERENCE_LABELS}
        testId="variant-response-preference"
        onChange={(value) => setSetting('responsePreference', value)}
      />
      <ChoiceField
        id={id('tools')}
        label="Tools"
        value={settings.toolPresentation}
        labels={PRESENTATION_LABELS}
        testId="variant-tool-presentation"
        onChange={(value) => setSetting('toolPresentation', value)}
      />
      <div>
        <label className={styles.check}>
          <input
            type="checkbox"
            checked={settings.forceSubmitOnLastTurn}
            onChange={(event) => setSetting('forceSubmitOnLastTurn', event.target.checked)}
            data-testid="variant-force-submit"
          />
          force submit_result on the last turn
        </label>
      </div>
      <div>
        <label
          className={styles.check}
          title="The tool-name confidence and the raw output come from the tokens' log probabilities"
        >
          <input
            type="checkbox"
            checked={settings.logprobs}
            onChange={(event) => setSetting('logprobs', event.target.checked)}
            data-testid="variant-logprobs"
          />
          ask for logprobs (tool-name confidence)
        </label>
      </div>
    </div>
  );
}
