// Start here: what the panel is for, what each agent does and what its outcomes mean, why the
// simulator cannot judge prompt wording, and how to point the panel at a real model server.
import Link from 'next/link';
import { listAgents } from '@/lib/db/queries/agents';
import { getPanel } from '@/lib/panel/runtime';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Start here · Remora' };

type Definition = {
  description?: unknown;
  max_turns?: unknown;
  text_answer_ends?: unknown;
  tools?: { name?: unknown }[];
};

function outcomesFor(definition: Definition): { submitted: string; noToolCall: string; turnLimit: string } {
  const turns = typeof definition.max_turns === 'number' ? definition.max_turns : null;
  const tools = (definition.tools ?? [])
    .map((tool) => tool.name)
    .filter((name): name is string => typeof name === 'string');
  const limit = `it used all ${turns ?? 'its'} model calls without finishing`;
  if (definition.text_answer_ends === true) {
    return {
      submitted:
        'the model answered the user in text after its calls (a text answer ends the conversation here; there is ' +
        'no submit_result).',
      noToolCall: 'it answered without calling any tool at all, so nothing in the home changed.',
      turnLimit: `${limit}: it kept calling tools and never answered.`,
    };
  }
  const used = tools.filter((name) => name !== 'submit_result');
  const after = tools.length > 1 ? ` (after using ${used.join(', ')})` : '';
  return {
    submitted:
      `the model called submit_result: it says it finished${after}. ` +
      'Whether the work is right is "task success", judged by the agent\'s check.',
    noToolCall:
      'a response had no call the runner could parse (text, an empty answer, or malformed output): the conversation ' +
      'stops there.',
    turnLimit: `${limit}: it never called submit_result.`,
  };
}

export default async function StartPage() {
  const panel = await getPanel();
  const agents = listAgents(panel.database);
  return (
    <div className="start-page" data-testid="start-page">
      <div className="crumbs">
        <Link href="/">Overview</Link> / start here
      </div>
      <div className="page-head">
        <h1>Start here</h1>
      </div>
      <section className="card">
        <h2>The loop</h2>
        <ol>
          <li>
            Open an <Link href="/agents">agent</Link>, edit its prompt, and try it on one input in the{' '}
            <strong>playground</strong> (streamed as the model writes).
          </li>
          <li>
            Run an <Link href="/experiments/new">experiment</Link>: variants of the prompt or settings, each on the same
            inputs, repeated.
          </li>
          <li>
            Read the failures: the <strong>conversations</strong> list filtered by outcome, parse path, error, tool or
            label; <kbd>j</kbd>/<kbd>k</kbd> step through them, <kbd>e</kbd>/<kbd>r</kbd> jump to the next error or odd
            response. <Link href="/search">Search</Link> finds a word in every transcript.
          </li>
          <li>
            Compare variants with intervals, label what you saw, edit the prompt, and run again (an experiment page has
            “Run again with these settings”).
          </li>
        </ol>
      </section>
      <section className="card" data-testid="start-agents">
        <h2>The agents, and what their outcomes mean</h2>
        {agents.length === 0 ? (
          <p className="empty">No agent is loaded yet: add one under agents/ and restart the panel.</p>
        ) : null}
        {agents.map((agent) => {
          const definition = agent.definition as Definition;
          const outcomes = outcomesFor(definition);
          return (
            <div key={agent.id} data-testid="start-agent" data-agent={agent.name} style={{ marginBottom: 16 }}>
              <h3 style={{ margin: '8px 0 2px' }}>
                <Link href={`/agents/${encodeURIComponent(agent.name)}`}>{agent.name}</Link>
              </h3>
              <p style={{ margin: '0 0 4px' }}>
                {typeof definition.description === 'string' ? definition.description : ''}
              </p>
              <dl style={{ margin: 0, fontSize: 14 }}>
                <dt>submitted</dt>
                <dd>{outcomes.submitted}</dd>
                <dt>no_tool_call</dt>
                <dd>{outcomes.noToolCall}</dd>
                <dt>turn_limit</dt>
                <dd>{outcomes.turnLimit}</dd>
              </dl>
            </div>
          );
        })}
        <p className="muted" style={{ fontSize: 13 }}>
          Two more outcomes apply to every agent: <code>error</code> (a model request failed for good, or a tool could
          not run) and <code>cancelled</code> (the run was stopped while it was in flight).
        </p>
      </section>
      <section className="card" data-testid="start-simulator">
        <h2>The built-in simulator</h2>
        <p>
          Every page works without a GPU on the built-in simulator: an OpenAI-compatible server that answers in
          FunctionGemma&apos;s native format with failure modes at set rates. Its numbers are marked{' '}
          <span className="badge simulated">simulated</span>.
        </p>
        <p>
          <strong>It does not read the wording of a prompt.</strong> Its failure rates are the same whatever the system
          prompt says, so a prompt A/B test on it is an A/A test: any difference you see is noise, and it shows you how
          big noise is. Settings that change the request&apos;s shape (tool choice, tools in the prompt rather than the
          tools parameter) do change what it does. The new-experiment form says so when the simulator is picked.
        </p>
      </section>
      <section className="card" id="real-server" data-testid="start-real-server">
        <h2>Pointing the panel at a real server</h2>
        <ol>
          <li>
            Serve FunctionGemma with an OpenAI-compatible server: vLLM (
            <code>
              vllm serve google/functiongemma-270m-it --enable-auto-tool-choice --tool-call-parser functiongemma
            </code>
            ), Ollama 0.13.5 or later (<code>functiongemma</code>), or llama.cpp (
            <code>llama-server -m functiongemma.gguf --jinja</code>).
          </li>
          <li>
            Add it on <Link href="/endpoints">Endpoints</Link>: a name, its base URL (such as{' '}
            <code>http://127.0.0.1:8000/v1</code>) and the model name. An API key is never stored: give the name of the
            environment variable that holds it, set where the panel runs.
          </li>
          <li>Use “Test” there to check it answers, then pick it in the new-experiment form or the playground.</li>
        </ol>
        <p className="muted" style={{ fontSize: 13 }}>
          From the command line the same is <code>--base-url URL --model NAME</code>; the README&apos;s “Pointing it at
          a real server” section lists what each server changes about tool calls.
        </p>
      </section>
    </div>
  );
}
