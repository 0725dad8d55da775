import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { fileURLToPath } from 'node:url';

// The test files that start processes, listen on or connect to sockets, or start worker threads
// (the simulator, the command line, pytest, ruff, bubblewrap, git, llama.cpp, the tool pool). Every
// other test file is a unit test, and test/unit-guard.ts makes those calls throw in one.
const INTEGRATION = [
  'test/**/*.test.ts',
  'agents/**/*.test.ts',
  'lib/api/routes.test.ts',
  'lib/build/tool-module.test.ts',
  'lib/campaigns/{campaign-apply,campaign-destructive,campaign-docstrings}.test.ts',
  'lib/campaigns/{campaign-imports,campaign-links,campaign-methods,campaign-nodes}.test.ts',
  'lib/campaigns/{checks,edits,preserve,test-command}.test.ts',
  'lib/cli/{harness-serving,sim-command}.test.ts',
  'lib/config.test.ts',
  'lib/embedded/**/*.test.ts',
  'lib/experiments/{early-stop,finish,job-runner,lease,playground,probe-endpoint,serving-settings}.test.ts',
  'lib/experiments/{custom-check,judged-warm}.test.ts',
  'lib/experiments/custom-check-rate.test.ts',
  'lib/judge/judge.test.ts',
  'lib/cli/judge-command.test.ts',
  'lib/export/export.test.ts',
  'lib/export/smart-home-export.test.ts',
  'lib/testing/gguf/tiny-model.test.ts',
  'lib/http/{bounded-body,socket-facts}.test.ts',
  'lib/panel/runtime.test.ts',
  'lib/panel/kept-values.test.ts',
  'lib/panel/agents/{agents,inputs,preview,variants,yaml}.test.ts',
  'lib/panel/{campaigns,datasets,endpoints,export}/*.test.ts',
  'lib/panel/experiments/{charts,dataset-files,experiments,history,summary-cache,summary-cli}.test.ts',
  'lib/panel/replay/actions.test.ts',
  'lib/python/{fixtures,pytest}.test.ts',
  'lib/replay/replay.test.ts',
  'lib/runner/{model-client,model-client-bounds,model-client-stream,model-client-transport,streaming}.test.ts',
  'lib/runner/model-client-timeouts.test.ts',
  'lib/serving/{models,render-check,render-check-families,start-vllm-script}.test.ts',
  'lib/sim/{server,sim-behaviour,sim-family,stream-logprobs}.test.ts',
  'lib/task-success/**/*.test.ts',
  'lib/tools/**/*.test.ts',
];

// Statistics checked by simulation and parsers checked by fuzzing: thousands of seeded experiments
// or inputs each, a minute or more of CPU on the loaded 2-core machine. A project of their own, which
// the test command runs after the others, keeps the unit suite quick enough to run at every save.
const SLOW = ['lib/**/*.fuzz.test.ts', 'lib/**/simulation.test.ts', 'lib/**/*.simulation.test.ts', 'test/aa-*.test.ts'];

// The integration files that take longest (measured on the 2-core CI machine; each 30-80 s of wall
// time under load), started first: with three files at once, a long file started late ends alone,
// and the run waits for it. A fresh clone has no timings of earlier runs, by which vitest would order
// them itself, so it would start them in order of file size.
const LONGEST_FIRST = [
  'lib/task-success/agents.test.ts',
  'test/campaign-resume.test.ts',
  'test/campaign-end-to-end.test.ts',
  'agents/lint/lint.test.ts',
  'lib/campaigns/campaign-apply.test.ts',
  'test/sandbox-tool-limits.test.ts',
  'test/format.test.ts',
  'lib/tools/worker-pool.test.ts',
  'lib/campaigns/campaign-nodes.test.ts',
  'lib/replay/replay.test.ts',
  'lib/campaigns/campaign-docstrings.test.ts',
];

class LongestFirst extends BaseSequencer {
  async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    // Projects stay where vitest put them (one group at a time); within each, the longest first, the
    // rest in vitest's own order.
    const projectAt = (file: TestSpecification) => sorted.findIndex((other) => other.project === file.project);
    const rank = (file: TestSpecification) => {
      const index = LONGEST_FIRST.findIndex((name) => file.moduleId.endsWith(`/${name}`));
      return index < 0 ? LONGEST_FIRST.length : index;
    };
    const key = (file: TestSpecification, at: number) => [projectAt(file), rank(file), at];
    return sorted
      .map((file, at) => ({ file, key: key(file, at) }))
      .sort((a, b) => a.key[0] - b.key[0] || a.key[1] - b.key[1] || a.key[2] - b.key[2])
      .map(({ file }) => file);
  }
}

export default defineConfig({
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./', import.meta.url)),
      // The database and job-runner modules say `import 'server-only'`; outside Next it is the empty module.
      'server-only': fileURLToPath(new URL('./node_modules/server-only/empty.js', import.meta.url)),
    },
  },
  test: {
    environment: 'node',
    pool: 'forks',
    sequence: { sequencer: LongestFirst },
    // A safety net for a hung test, not a speed goal: on a loaded 2-core machine a CPU-bound test
    // can take several times its quiet-machine time. The unit project's own is shorter.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // expect.poll's own default is one second: patience too short for a worker or a server to start
    // on a loaded machine. A condition that never comes true still fails, a minute later.
    expect: { poll: { timeout: 60_000 } },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['lib/**/*.test.ts'],
          exclude: [...INTEGRATION, ...SLOW],
          setupFiles: ['test/unit-guard.ts'],
          // A unit test waits on nothing but its own CPU: 20 s is many times the slowest one's time.
          testTimeout: 20_000,
          hookTimeout: 20_000,
          // Pure modules: the files of one worker share their imports instead of loading them again.
          isolate: false,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: INTEGRATION,
          exclude: SLOW,
          // The tests that spawn the command line run its compiled build: compile it once, up front.
          globalSetup: ['test/build-cli.ts'],
          // Most of these tests wait on a child process or a socket, not on this process's CPU:
          // more files at once than cores keeps the cores busy.
          maxWorkers: 3,
          // A worker runs file after file in one process, as the unit project does: a fresh process per
          // file loaded vitest and the project's modules again each time, about 0.4 s of CPU a file (the
          // project's vitest processes: 130 s of CPU, 65 s without). Tests that change the environment
          // or a process-wide cache put it back when they end.
          isolate: false,
          // After the unit tests (projects with different worker counts run one group at a time).
          sequence: { groupOrder: 1 },
        },
      },
      {
        extends: true,
        test: {
          name: 'slow',
          include: SLOW,
          // The A/A files run the command line and the panel.
          globalSetup: ['test/build-cli.ts'],
          // Each file keeps a core busy: one per core.
          maxWorkers: 2,
          isolate: false,
          testTimeout: 600_000,
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
