import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { loadAgent } from '../../lib/agents/load';
import { parseDatasetText } from '../../lib/datasets/formats';
import { caseToInput } from '../../lib/datasets/to-input';
import { DatasetCase } from '../../lib/datasets/case';
import { checkArguments } from '../../lib/parsing/arguments';
import { runConversation } from '../../lib/runner/run-conversation';
import { resolveSettings } from '../../lib/runner/settings';
import {
  ScriptedModelClient,
  contentAnswer,
  structuredCall,
  assertScriptsComplete,
} from '../../lib/testing/scripted-model';
import { ToolWorkerPool } from '../../lib/tools/worker-pool';
import { applyCall, defaultHome, homeFromKnowledge } from './home';

// Every scripted turn must be asked for: a conversation that ended early fails its test.
afterEach(assertScriptsComplete);

const folder = fileURLToPath(new URL('.', import.meta.url));
const pool = new ToolWorkerPool({ size: 1 });
afterAll(() => pool.close());

describe('the smart_home definition', () => {
  it('has the six distil-labs tools with their parameters and enums', async () => {
    const agent = await loadAgent(folder);
    const tools = Object.fromEntries(
      agent
        .toRuntime()
        .tools.map((tool) => [
          tool.name,
          tool.parameters as { properties: Record<string, { enum?: string[]; type: string }>; required: string[] },
        ]),
    );
    expect(Object.keys(tools)).toEqual([
      'toggle_lights',
      'set_thermostat',
      'lock_door',
      'get_device_status',
      'set_scene',
      'intent_unclear',
    ]);
    expect(tools.toggle_lights.properties.room.enum).toEqual([
      'living_room',
      'bedroom',
      'kitchen',
      'bathroom',
      'office',
      'hallway',
    ]);
    expect(tools.toggle_lights.properties.state.enum).toEqual(['on', 'off']);
    expect(tools.set_thermostat.properties).toMatchObject({
      temperature: { type: 'integer', minimum: 60, maximum: 80 },
      mode: { enum: ['heat', 'cool', 'auto'] },
    });
    expect(tools.lock_door.properties).toMatchObject({
      door: { enum: ['front', 'back', 'garage', 'side'] },
      state: { enum: ['lock', 'unlock'] },
    });
    expect(tools.get_device_status.properties).toMatchObject({
      device_type: { enum: ['lights', 'thermostat', 'door', 'all'] },
      room: { type: 'string' },
    });
    expect(tools.set_scene.properties.scene.enum).toEqual(['movie_night', 'bedtime', 'morning', 'away', 'party']);
    expect(tools.intent_unclear.properties.reason.enum).toEqual([
      'ambiguous',
      'off_topic',
      'incomplete',
      'unsupported_device',
    ]);
    for (const parameters of Object.values(tools)) expect(parameters.required).toEqual([]);
    expect(agent.definition.text_answer_ends).toBe(true);
    expect(agent.defaultDataset).toBe(path.join(folder, 'dataset.jsonl'));
  });
});

describe('the simulated home', () => {
  it('switches lights in one room, or in every room when none is named', () => {
    const one = applyCall(defaultHome(), 'toggle_lights', { room: 'kitchen', state: 'on' });
    expect(one).toMatchObject({
      outcome: 'success',
      result: { lights: { kitchen: 'on' } },
      summary: 'turned the lights on in the kitchen',
    });
    expect(Object.values(applyCall(one.home, 'toggle_lights', { state: 'on' }).home.lights)).toEqual(
      Array(6).fill('on'),
    );
    expect(applyCall(one.home, 'toggle_lights', { room: 'kitchen' })).toMatchObject({
      outcome: 'error',
      home: one.home,
    });
  });

  it('sets the thermostat partly, locks every door when none is named, and reports', () => {
    const warm = applyCall(defaultHome(), 'set_thermostat', { temperature: 74 }).home;
    expect(warm.thermostat).toEqual({ temperature: 74, mode: 'auto' });
    expect(applyCall(warm, 'set_thermostat', { mode: 'cool' }).home.thermostat).toEqual({
      temperature: 74,
      mode: 'cool',
    });
    expect(applyCall(warm, 'set_thermostat', {}).outcome).toBe('error');
    const open = applyCall(defaultHome(), 'lock_door', { door: 'garage', state: 'unlock' }).home;
    expect(applyCall(open, 'get_device_status', { device_type: 'door', room: 'garage' }).result).toEqual({
      doors: { garage: 'unlocked' },
    });
    expect(applyCall(open, 'get_device_status', { device_type: 'door', room: 'Garage door' }).result).toEqual({
      doors: { garage: 'unlocked' },
    });
    expect(Object.values(applyCall(open, 'lock_door', { state: 'lock' }).home.doors)).toEqual([
      'locked',
      'locked',
      'locked',
      'locked',
    ]);
    expect(applyCall(open, 'get_device_status', { device_type: 'lights', room: 'attic' }).outcome).toBe('error');
    expect(applyCall(open, 'get_device_status', {}).result).toEqual(open);
  });

  it('applies scenes and leaves the home alone when the intent is unclear', () => {
    const bedtime = applyCall(
      applyCall(defaultHome(), 'lock_door', { door: 'front', state: 'unlock' }).home,
      'set_scene',
      { scene: 'bedtime' },
    ).home;
    expect(bedtime).toMatchObject({
      scene: 'bedtime',
      thermostat: { temperature: 66, mode: 'heat' },
      doors: { front: 'locked' },
    });
    const party = applyCall(defaultHome(), 'set_scene', { scene: 'party' }).home;
    expect(party.lights).toMatchObject({ living_room: 'on', kitchen: 'on', hallway: 'on', bedroom: 'off' });
    expect(applyCall(party, 'intent_unclear', { reason: 'off_topic' })).toMatchObject({
      home: party,
      result: { understood: false, reason: 'off_topic' },
    });
  });

  it('rebuilds the home from the calls of the conversation so far, unless a tool reported one', () => {
    const prior = [
      { name: 'set_thermostat', arguments: { temperature: 74 } },
      { name: 'toggle_lights', arguments: { room: 'living_room', state: 'on' } },
      { name: 'toggle_lights', arguments: { room: 'cellar', state: 'on' } },
    ];
    const home = homeFromKnowledge({ prior_calls: prior });
    expect(home.thermostat.temperature).toBe(74);
    expect(home.lights.living_room).toBe('on');
    expect(homeFromKnowledge({ prior_calls: prior, home: defaultHome() })).toEqual(defaultHome());
  });
});

describe('a smart_home conversation from a dataset case', () => {
  it('acts on the home the earlier turns describe, and ends with a text answer', async () => {
    const agent = await loadAgent(folder);
    const input = caseToInput(
      DatasetCase.parse({
        id: 'make-it-70',
        input: {
          messages: [
            { role: 'user', content: 'Set the thermostat to 74 on heat' },
            {
              role: 'assistant',
              content: '',
              tool_calls: [
                {
                  type: 'function',
                  function: { name: 'set_thermostat', arguments: { temperature: 74, mode: 'heat' } },
                },
              ],
            },
            { role: 'user', content: 'Make it 70' },
          ],
        },
      }),
    );
    const client = new ScriptedModelClient([
      structuredCall('set_thermostat', { temperature: 70 }),
      contentAnswer('Done: 70°F on heat.'),
    ]);
    const record = await runConversation(agent.toRuntime(), resolveSettings({ model: 'functiongemma' }), input, {
      client,
      tools: pool,
    });
    expect(record.toolExecutions[0]).toMatchObject({
      toolName: 'set_thermostat',
      outcome: 'success',
      result: { thermostat: { temperature: 70, mode: 'heat' } },
    });
    expect(record.knowledge.home).toMatchObject({ thermostat: { temperature: 70, mode: 'heat' } });
    expect(record.outcome).toBe('submitted');
    expect(record.finalText).toBe('Done: 70°F on heat.');
  });
});

describe('the default dataset', () => {
  const text = readFileSync(path.join(folder, 'dataset.jsonl'), 'utf8');
  const parsed = parseDatasetText(text, 'remora');
  const cases = parsed.ok ? parsed.cases : [];

  it('holds at least 40 valid cases: single and multi-turn, missing values, off-topic, parallel', () => {
    expect(parsed.ok).toBe(true);
    expect(cases.length).toBeGreaterThanOrEqual(40);
    const turns = (entry: DatasetCase) =>
      'messages' in entry.input ? entry.input.messages.filter((message) => message.role === 'user').length : 1;
    expect(cases.filter((entry) => turns(entry) === 1).length).toBeGreaterThanOrEqual(20);
    expect(cases.filter((entry) => turns(entry) > 1).length).toBeGreaterThanOrEqual(10);
    const calls = cases.flatMap((entry) => (entry.expect?.kind === 'call' ? entry.expect.calls : []));
    expect(calls.filter((call) => call.name === 'intent_unclear').length).toBeGreaterThanOrEqual(4);
    expect(cases.filter((entry) => entry.id.startsWith('missing-')).length).toBeGreaterThanOrEqual(4);
    expect(cases.some((entry) => entry.expect?.kind === 'call' && entry.expect.calls.length > 1)).toBe(true);
  });

  it('expects only calls the agent could make with schema-valid arguments', async () => {
    const tools = new Map((await loadAgent(folder)).toRuntime().tools.map((tool) => [tool.name, tool.parameters]));
    for (const entry of cases) {
      if (entry.expect?.kind !== 'call') continue;
      for (const call of entry.expect.calls) {
        expect(tools.has(call.name), `${entry.id}: ${call.name}`).toBe(true);
        for (const [name, accepted] of Object.entries(call.arguments)) {
          for (const value of accepted)
            expect(
              checkArguments(tools.get(call.name)!, { [name]: value }).ok,
              `${entry.id}: ${name}=${JSON.stringify(value)}`,
            ).toBe(true);
        }
      }
    }
  });
});
