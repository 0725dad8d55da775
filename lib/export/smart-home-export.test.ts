// Issue 25 item 8: training data out of a smart_home run (text answers end it, task success is the
// expected first call) teaches only what should be learnt. A scripted peer answers some inputs with
// the right call, one with the right call forever (turn_limit, still a task success), the rest with
// text and no call at all; a harness run shows that targets hold only what the model wrote.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExperimentConfig } from '../experiment-config/experiment-config';
import { createStoredExperiment, runStoredExperiment } from '../experiments/service';
import { loadRunnableAgent } from '../panel/agents/agents';
import { openTestPanel, type TestPanel } from '../panel/testing/panel-context';
import { getTranscript } from '../db/queries/transcript';
import { selectTrainingConversations } from '../db/queries/training-selection';
import { startScriptedPeer, type PeerRule, type ScriptedPeer } from '../testing/scripted-peer';
import { ToolWorkerPool } from '../tools/worker-pool';
import { runExportCommand } from '../cli/export-command';
import { countTrainingConversations, exportTrainingData } from './export-data';

const smartHome: PeerRule = (text, results) => {
  if (text === 'Turn on the living room lights')
    return results === 0
      ? { calls: [{ name: 'toggle_lights', arguments: { room: 'living_room', state: 'on' } }] }
      : { text: 'The living room lights are on.' };
  // Right call every turn: the conversation hits the turn limit, and its task still succeeded.
  if (text === 'Lock the front door')
    return { calls: [{ name: 'lock_door', arguments: { door: 'front', state: 'lock' } }] };
  // A wrong call, then text: a task failure whose every call was valid.
  if (text === 'Start movie night')
    return results === 0 ? { calls: [{ name: 'set_scene', arguments: { scene: 'party' } }] } : { text: 'Party time.' };
  return { text: 'Sure, done!' };
};
const harness: PeerRule = (text, results) =>
  results === 0
    ? { calls: [{ name: 'simple_tool', arguments: { payload: text.replace(/^Request:\n/, '') } }] }
    : { calls: [{ name: 'submit_result', arguments: { summary: 'done' } }] };

let panel: TestPanel;
let peers: ScriptedPeer[] = [];
const pool = new ToolWorkerPool({ size: 1 });
let smartHomeRun: string;
let harnessRun: string;

async function run(agent: string, rule: PeerRule): Promise<string> {
  const peer = await startScriptedPeer(rule);
  peers.push(peer);
  const { runtime, inputs } = await loadRunnableAgent(panel, agent);
  const config = ExperimentConfig.parse({
    agent,
    variants: [{ name: 'baseline' }],
    endpoint: { baseUrl: peer.baseUrl, model: 'peer' },
    inputs,
    requestsPerVariant: inputs.length,
    concurrency: 2,
  });
  const id = createStoredExperiment(panel.database, config, runtime).id;
  await runStoredExperiment(panel.database, id, { tools: pool }).done;
  return id;
}

beforeAll(async () => {
  panel = await openTestPanel({ agents: ['smart_home', 'harness'] });
  smartHomeRun = await run('smart_home', smartHome);
  harnessRun = await run('harness', harness);
}, 120_000);
afterAll(async () => {
  await pool.close();
  await Promise.all(peers.map((peer) => peer.close()));
  peers = [];
  await panel?.dispose();
});

const inputOf = (id: string) => getTranscript(panel.database, id)!.conversation.input.node_text;

describe('smart_home training export', () => {
  it('defaults to the task successes whatever the outcome, never a text answer after no call', () => {
    const chosen = selectTrainingConversations(panel.database, { experimentId: smartHomeRun });
    expect(chosen.map(inputOf).sort()).toEqual(['Lock the front door', 'Turn on the living room lights']);
    const outcomes = chosen.map((id) => getTranscript(panel.database, id)!.conversation.outcome).sort();
    expect(outcomes).toEqual(['submitted', 'turn_limit']);
  });

  it('--task-success any still leaves out a conversation that made no call', () => {
    const any = selectTrainingConversations(panel.database, { experimentId: smartHomeRun, taskSuccess: 'any' });
    expect(any.map(inputOf).sort()).toEqual(['Start movie night', 'Turn on the living room lights']);
    const failures = selectTrainingConversations(panel.database, {
      experimentId: smartHomeRun,
      taskSuccess: false,
      allCallsValid: false,
    });
    expect(failures.length).toBeGreaterThan(5);
    for (const id of failures) expect(getTranscript(panel.database, id)!.conversation.taskSuccess).toBe(false);
  });

  it('native: the text answer after the right call is a target; no text answer without a call is', () => {
    const exported = exportTrainingData(panel.database, { experimentId: smartHomeRun }, 'native');
    const completions = exported.lines.map((line) => (JSON.parse(line) as { completion: string }).completion);
    expect(completions.filter((completion) => completion.includes('Sure, done!'))).toEqual([]);
    expect(completions).toContain('The living room lights are on.<end_of_turn>\n');
    expect(completions.filter((completion) => completion.includes('call:lock_door'))).toHaveLength(3);
  });

  it("targets hold only what the model wrote, not the schema's defaults", () => {
    const native = exportTrainingData(panel.database, { experimentId: harnessRun }, 'native');
    const submits = native.lines
      .map((line) => (JSON.parse(line) as { completion: string }).completion)
      .filter((completion) => completion.includes('call:submit_result'));
    expect(submits.length).toBeGreaterThan(0);
    for (const completion of submits) expect(completion).not.toContain('changed_files');
    const openai = exportTrainingData(panel.database, { experimentId: harnessRun }, 'openai');
    for (const line of openai.lines) {
      const last = (
        JSON.parse(line) as { messages: { tool_calls?: { function: { arguments: string } }[] }[] }
      ).messages.at(-1)!;
      expect(JSON.parse(last.tool_calls![0].function.arguments)).toEqual({ summary: 'done' });
    }
  });

  it("--template vllm-example follows the vLLM example template, google the model's own", () => {
    const example = exportTrainingData(panel.database, { experimentId: smartHomeRun }, 'native', {
      template: 'vllm-example',
    });
    const first = JSON.parse(example.lines[0]) as { prompt: string; completion: string };
    expect(first.prompt).toContain('Available functions:');
    expect(first.prompt).not.toContain('<start_function_declaration>');
    const google = JSON.parse(exportTrainingData(panel.database, { experimentId: smartHomeRun }, 'native').lines[0]);
    expect(google.prompt).toContain('<start_function_declaration>');
  });

  it('the command line names the template and warns when a filter yields no rows', async () => {
    const output = await runExportCommand(smartHomeRun, {
      db: panel.database.$client.name,
      format: 'native',
      outcome: 'error',
    });
    expect(output.stdout).toBe('');
    expect(output.stderr).toMatch(/^warning: no conversation matches/m);
    // What the panel's export dialog asks before the download (a HEAD request): the same count and words.
    const count = countTrainingConversations(panel.database, { experimentId: smartHomeRun, outcomes: ['error'] });
    expect(count.conversations).toBe(0);
    expect(output.stderr).toContain(count.selection);
    const all = countTrainingConversations(panel.database, { experimentId: smartHomeRun });
    expect(all.conversations).toBe(selectTrainingConversations(panel.database, { experimentId: smartHomeRun }).length);
    const named = await runExportCommand(smartHomeRun, { db: panel.database.$client.name, format: 'native' });
    expect(named.stderr).toMatch(/Google's published FunctionGemma template/);
    const refused = await runExportCommand(smartHomeRun, {
      db: panel.database.$client.name,
      format: 'native',
      taskSuccess: 'maybe',
    });
    expect(refused.exitCode).not.toBe(0);
    expect(refused.stderr).toContain('--task-success must be true, false or any');
  });
});
