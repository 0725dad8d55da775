'use client';
// "Add an endpoint": where the server is (name, URL, model, key variable), how long one request to
// it may take, and what its tokens cost. Each group is a component of its own.
import { useState, type FormEvent } from 'react';
import type { ApiFailure } from '../../components/api-client';
import { FailureBox } from '../../components/failure-box';
import {
  EMPTY_FORM,
  endpointRequestBody,
  formProblems,
  keyFieldProblem,
  priceProblem,
  timeoutProblem,
  type EndpointFormValues,
} from './endpoint-form-values';

type FieldsProps = { form: EndpointFormValues; set: (change: Partial<EndpointFormValues>) => void };

function TextField({
  id,
  label,
  value,
  onChange,
  hint,
  problem = null,
  placeholder,
  wide = false,
  inputMode,
  hintTestId = `${id}-hint`,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  hint?: string;
  problem?: string | null;
  placeholder?: string;
  wide?: boolean;
  inputMode?: 'decimal';
  hintTestId?: string;
}) {
  return (
    <div className={wide ? 'wide-field' : undefined}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        value={value}
        placeholder={placeholder}
        inputMode={inputMode}
        autoComplete="off"
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={problem !== null}
        data-testid={id}
      />
      {hint || problem ? (
        <div className={problem ? 'field-hint bad-text' : 'field-hint'} data-testid={hintTestId}>
          {problem ?? hint}
        </div>
      ) : null}
    </div>
  );
}

function ConnectionFields({ form, set }: FieldsProps) {
  return (
    <>
      <TextField
        id="endpoint-name"
        label="Name"
        value={form.name}
        placeholder="local-vllm"
        onChange={(name) => set({ name })}
      />
      <TextField
        id="endpoint-base-url"
        label="Base URL"
        value={form.baseUrl}
        onChange={(baseUrl) => set({ baseUrl })}
        hint="up to /v1, e.g. http://127.0.0.1:8000/v1"
        wide
      />
      <TextField
        id="endpoint-model"
        label="Model"
        value={form.model}
        placeholder="google/functiongemma-270m-it"
        onChange={(model) => set({ model })}
        hint="or a LoRA adapter’s name"
      />
      <TextField
        id="endpoint-key-env"
        label="API key variable (optional)"
        value={form.apiKeyEnv}
        placeholder="OPENAI_API_KEY"
        onChange={(apiKeyEnv) => set({ apiKeyEnv })}
        hint="the NAME of an environment variable on the panel’s machine, never the key"
        problem={keyFieldProblem(form.apiKeyEnv)}
        hintTestId="endpoint-key-hint"
      />
    </>
  );
}

function TimeoutFields({ form, set }: FieldsProps) {
  const field = (key: 'firstByteSeconds' | 'idleSeconds' | 'totalSeconds', id: string, label: string, dflt: number) => (
    <TextField
      id={id}
      label={label}
      value={form[key]}
      placeholder={String(dflt)}
      inputMode="decimal"
      onChange={(value) => set({ [key]: value })}
      hint={`seconds; empty: ${dflt}`}
      problem={timeoutProblem(form[key])}
    />
  );
  return (
    <fieldset className="form-grid endpoint-fieldset" data-testid="endpoint-timeouts-fields">
      <legend>Request timeouts (a hung or dripping server costs no more than these)</legend>
      {field('firstByteSeconds', 'endpoint-first-byte', 'Until the first byte', 60)}
      {field('idleSeconds', 'endpoint-idle', 'Between two chunks', 30)}
      {field('totalSeconds', 'endpoint-total', 'In all', 300)}
    </fieldset>
  );
}

function PriceFields({ form, set }: FieldsProps) {
  const problem = priceProblem(form.inputPrice, form.outputPrice);
  return (
    <fieldset className="form-grid endpoint-fieldset" data-testid="endpoint-price-fields">
      <legend>Price per million tokens (optional: the experiment and compare pages then show the cost)</legend>
      <TextField
        id="endpoint-input-price"
        label="Input (prompt) tokens"
        value={form.inputPrice}
        placeholder="0.15"
        inputMode="decimal"
        onChange={(inputPrice) => set({ inputPrice })}
        problem={problem}
      />
      <TextField
        id="endpoint-output-price"
        label="Output (completion) tokens"
        value={form.outputPrice}
        placeholder="0.60"
        inputMode="decimal"
        onChange={(outputPrice) => set({ outputPrice })}
        hint="in your own currency"
      />
    </fieldset>
  );
}

export function AddEndpointForm({ add }: { add: (body: Record<string, unknown>) => Promise<ApiFailure | null> }) {
  const [form, setForm] = useState(EMPTY_FORM);
  const [adding, setAdding] = useState(false);
  const [failure, setFailure] = useState<ApiFailure | null>(null);
  const set = (change: Partial<EndpointFormValues>) => setForm((current) => ({ ...current, ...change }));
  const blocked = formProblems(form) !== null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    setAdding(true);
    const problem = await add(endpointRequestBody(form));
    setAdding(false);
    setFailure(problem);
    // Added: a fresh form for the next one, on the same server address.
    if (!problem) setForm({ ...EMPTY_FORM, baseUrl: form.baseUrl });
  };

  return (
    <section className="card" data-testid="add-endpoint">
      <div className="card-head">
        <h2>Add an endpoint</h2>
        <span className="muted">any OpenAI-compatible server; it is tested once added</span>
      </div>
      <form onSubmit={submit} noValidate>
        <div className="form-grid">
          <ConnectionFields form={form} set={set} />
        </div>
        <TimeoutFields form={form} set={set} />
        <PriceFields form={form} set={set} />
        {failure ? <FailureBox failure={failure} testId="endpoint-add-error" /> : null}
        <div className="form-actions">
          <button type="submit" disabled={adding || blocked} data-testid="endpoint-add">
            {adding ? 'Adding…' : 'Add and test'}
          </button>
        </div>
      </form>
    </section>
  );
}
