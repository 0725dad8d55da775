'use client';
// The playground's run settings: the input (one of the agent's, a stored conversation at a turn, or
// typed), the endpoint, the tool choice and the temperature.
/** A stored conversation opened here at a turn (`?replay=ID&turn=N`): its request as it was then. */

export type PlaygroundReplay = {
  conversationId: string;
  fromTurn: number;
  systemPrompt: string;
  temperature: number | null;
};

export type Endpoint = { name: string; model: string; builtIn: boolean };

export type PlaygroundSettings = {
  /** An input's index, "typed" or "replay". */
  inputChoice: string;
  typed: string;
  endpoint: string;
  toolChoice: string;
  temperature: string;
};

/** A replayed conversation's input and temperature, else the first input; the simulator when there is one. */
export function initialSettings(
  replay: PlaygroundReplay | null,
  inputs: { index: number }[],
  endpoints: Endpoint[],
): PlaygroundSettings {
  return {
    inputChoice: replay ? 'replay' : inputs.length > 0 ? '0' : 'typed',
    typed: '',
    endpoint: endpoints.find((candidate) => candidate.builtIn)?.name ?? endpoints[0]?.name ?? '',
    toolChoice: 'auto',
    temperature: String(replay?.temperature ?? 0),
  };
}

export function PlaygroundFields({
  replay,
  inputs,
  endpoints,
  settings,
  onChange,
  simulatorPair,
}: {
  replay: PlaygroundReplay | null;
  inputs: { index: number; label: string }[];
  endpoints: Endpoint[];
  settings: PlaygroundSettings;
  onChange(change: Partial<PlaygroundSettings>): void;
  /** Two prompts on the simulator: say that they differ by chance only. */
  simulatorPair: boolean;
}) {
  return (
    <div className="form-grid">
      <div>
        <label htmlFor="pg-input">Input</label>
        <select
          id="pg-input"
          value={settings.inputChoice}
          onChange={(event) => onChange({ inputChoice: event.target.value })}
          data-testid="pg-input"
        >
          {replay ? (
            <option value="replay">
              {`conversation ${replay.conversationId} at turn ${replay.fromTurn}, as it was`}
            </option>
          ) : null}
          {inputs.map((input) => (
            <option key={input.index} value={String(input.index)}>
              {`${input.index + 1}: ${input.label}`}
            </option>
          ))}
          <option value="typed">type one…</option>
        </select>
        {settings.inputChoice === 'typed' ? (
          <textarea
            rows={3}
            style={{ width: '100%', marginTop: 6 }}
            value={settings.typed}
            onChange={(event) => onChange({ typed: event.target.value })}
            placeholder="the request"
            data-testid="pg-typed"
          />
        ) : null}
      </div>
      <div>
        <label htmlFor="pg-endpoint">Endpoint</label>
        <select
          id="pg-endpoint"
          value={settings.endpoint}
          onChange={(event) => onChange({ endpoint: event.target.value })}
          data-testid="pg-endpoint"
        >
          {endpoints.map((candidate) => (
            <option key={candidate.name} value={candidate.name}>
              {candidate.builtIn ? 'built-in simulator (simulated)' : `${candidate.name} (${candidate.model})`}
            </option>
          ))}
        </select>
        {simulatorPair ? (
          <div className="field-hint">
            The simulator does not read a prompt&apos;s wording: two prompts on it differ by chance only.
          </div>
        ) : null}
      </div>
      <div>
        <label htmlFor="pg-tool-choice">Tool choice</label>
        <select
          id="pg-tool-choice"
          value={settings.toolChoice}
          onChange={(event) => onChange({ toolChoice: event.target.value })}
        >
          {['auto', 'required', 'none'].map((choice) => (
            <option key={choice}>{choice}</option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="pg-temperature">Temperature</label>
        <input
          id="pg-temperature"
          value={settings.temperature}
          onChange={(event) => onChange({ temperature: event.target.value })}
          size={5}
        />
      </div>
    </div>
  );
}
