'use client';
// The exact first prompt the model would receive for a sample input, in FunctionGemma's native format or
// another family's (its chat template), with the control tokens set apart. Everything is text in spans:
// model-facing text is never turned into HTML.
import { useState } from 'react';
import type { AgentInputSummary } from '@/lib/panel/agents/detail';
import type { PromptPreview as Preview } from '@/lib/panel/agents/preview';
import type { PromptDraft } from '@/lib/panel/agents/requests';
import { prettyJson } from '@/lib/panel/format';
import { plural } from '@/lib/plural';
import { agentApi } from '@/app/components/api-client';
import { useDebouncedPost } from '../../_components/use-debounced-call';
import { FailureBox } from '@/app/components/failure-box';
import type { FamilyName } from '@/lib/families/family';
import { FamilySelect, TypedInputFields, type TypedInput } from './preview-fields';

const TYPED = 'typed';
const TOKEN_ESTIMATE_NOTE =
  'An estimate: no tokenizer ships with the project. Control tokens count 1 each, other text about 4 characters ' +
  'a token; the Gemma 3 tokenizer can differ by a good margin, especially for code.';

type Props = { agentName: string; draft: PromptDraft; inputs: AgentInputSummary[]; inputCount: number | null };

export function PromptPreview({ agentName, draft, inputs, inputCount }: Props) {
  const [choice, setChoice] = useState(inputs.length > 0 ? '0' : TYPED);
  const [typed, setTyped] = useState<TypedInput>({
    node_text: 'def add(a, b):\n    return a + b',
    file_path: '',
    node_name: '',
    node_type: '',
  });
  const [schemasInPrompt, setSchemasInPrompt] = useState(false);
  const [family, setFamily] = useState<FamilyName>('functiongemma');

  const typedInput = {
    node_text: typed.node_text,
    ...(typed.file_path ? { file_path: typed.file_path } : {}),
    ...(typed.node_name ? { node_name: typed.node_name } : {}),
    ...(typed.node_type ? { node_type: typed.node_type } : {}),
  };
  const body = {
    ...draft,
    ...(choice === TYPED ? { input: typedInput } : { inputIndex: Number(choice) }),
    toolPresentation: schemasInPrompt ? 'system-prompt' : 'native',
    family,
  };
  const { data, failure, pending } = useDebouncedPost<Preview>(agentApi(agentName, '/preview'), body, 300);

  return (
    <div data-testid="prompt-preview">
      <div className="form-grid">
        <div>
          <label htmlFor="preview-input">Sample input</label>
          <select
            id="preview-input"
            value={choice}
            onChange={(event) => setChoice(event.target.value)}
            data-testid="preview-input-select"
          >
            {inputs.map((input) => (
              <option key={input.index} value={String(input.index)}>
                {input.index + 1}. {input.label}
              </option>
            ))}
            <option value={TYPED}>type one…</option>
          </select>
          <div className="field-hint">
            {inputCount === null
              ? 'the agent’s inputs cannot be read'
              : `${plural(inputCount, 'input')}${inputCount > inputs.length ? ` (first ${inputs.length} listed)` : ''}`}
          </div>
        </div>
        <div className="checkbox-field">
          <label>
            <input
              type="checkbox"
              checked={schemasInPrompt}
              onChange={(event) => setSchemasInPrompt(event.target.checked)}
              data-testid="preview-schemas-in-prompt"
            />{' '}
            Schemas in the system prompt
          </label>
          <div className="field-hint">the old behaviour the seeds describe (then no tools are declared)</div>
        </div>
        <FamilySelect value={family} onChange={setFamily} />
      </div>
      {choice === TYPED ? <TypedInputFields typed={typed} onChange={setTyped} /> : null}
      <div className="preview-facts" data-testid="preview-facts">
        {data ? (
          <>
            <span data-testid="preview-tokens" title={TOKEN_ESTIMATE_NOTE}>
              ≈ {data.tokenEstimate.toLocaleString('en')} tokens <span className="muted">(estimate)</span>
            </span>
            <span>{data.characters.toLocaleString('en')} characters</span>
            <span>{data.toolsSent === 0 ? 'no tools declared' : plural(data.toolsSent, 'tool declaration')}</span>
            {pending ? <span className="muted">updating…</span> : null}
          </>
        ) : pending ? (
          <span className="muted">rendering…</span>
        ) : null}
      </div>
      {failure ? <FailureBox failure={failure} testId="preview-error" /> : null}
      {data ? (
        <>
          <pre className={`native-prompt${pending ? ' stale' : ''}`} data-testid="preview-prompt">
            {data.segments.map((segment, index) =>
              segment.kind === 'control' ? (
                <span key={index} className={segment.text === '<escape>' ? 'control-token escape' : 'control-token'}>
                  {segment.text}
                </span>
              ) : (
                <span key={index}>{segment.text}</span>
              ),
            )}
          </pre>
          <details>
            <summary>The messages as an OpenAI-compatible server receives them</summary>
            <pre data-testid="preview-messages">{prettyJson(data.messages)}</pre>
          </details>
        </>
      ) : null}
    </div>
  );
}
