// The benchmark's figures: computed from the raw measurements, printed as text or JSON.
import os from 'node:os';
import type { StoredCounts } from './harness-run';

export type PhaseMeasurement = { wallMs: number; cpuMicros: number; simulatorCpuMicros: number };

export type RawMeasurements = {
  conversations: number;
  concurrency: number;
  warmupConversations: number;
  database: string;
  modelCalls: number;
  stored: StoredCounts;
  harness: PhaseMeasurement & { toolWorkersCpuMicros: number | null };
  bare: PhaseMeasurement & { failures: number };
  replayMatches: boolean;
  garbageCollected: boolean;
};

export type PhaseFigures = {
  wallMs: number;
  conversationsPerSecond: number;
  callsPerSecond: number;
  cpuMsPerCall: number;
  simulatorCpuMsPerCall: number;
};

export type Figures = {
  machine: { cpus: number; cpuModel: string; node: string; platform: string };
  conversations: number;
  concurrency: number;
  warmupConversations: number;
  modelCalls: number;
  stored: StoredCounts;
  everyTranscriptStored: boolean;
  replayMatches: boolean;
  garbageCollected: boolean;
  harness: PhaseFigures & { toolWorkersCpuMsPerCall: number | null };
  bare: PhaseFigures & { failures: number };
  overhead: {
    /** (harness CPU - bare CPU) / model calls: the headline figure. */
    cpuMsPerCall: number;
    /** (harness wall - bare wall) / model calls. */
    wallMsPerCall: number;
    /** harness CPU per call / bare CPU per call. */
    cpuRatio: number;
    /** harness wall time / bare wall time (bare calls per second / harness calls per second). */
    wallRatio: number;
  };
};

function phase(measurement: PhaseMeasurement, conversations: number, calls: number): PhaseFigures {
  const seconds = measurement.wallMs / 1000;
  return {
    wallMs: measurement.wallMs,
    conversationsPerSecond: conversations / seconds,
    callsPerSecond: calls / seconds,
    cpuMsPerCall: measurement.cpuMicros / 1000 / calls,
    simulatorCpuMsPerCall: measurement.simulatorCpuMicros / 1000 / calls,
  };
}

export function computeFigures(raw: RawMeasurements): Figures {
  const calls = raw.modelCalls;
  const harness = phase(raw.harness, raw.conversations, calls);
  const bare = phase(raw.bare, raw.conversations, calls);
  const cpus = os.cpus();
  return {
    machine: {
      cpus: cpus.length,
      cpuModel: cpus[0]?.model ?? 'unknown',
      node: process.version,
      platform: `${os.platform()} ${os.arch()}`,
    },
    conversations: raw.conversations,
    concurrency: raw.concurrency,
    warmupConversations: raw.warmupConversations,
    modelCalls: calls,
    stored: raw.stored,
    everyTranscriptStored: raw.stored.conversations === raw.conversations && raw.stored.modelCalls === calls,
    replayMatches: raw.replayMatches,
    garbageCollected: raw.garbageCollected,
    harness: {
      ...harness,
      toolWorkersCpuMsPerCall:
        raw.harness.toolWorkersCpuMicros === null ? null : raw.harness.toolWorkersCpuMicros / 1000 / calls,
    },
    bare: { ...bare, failures: raw.bare.failures },
    overhead: {
      cpuMsPerCall: harness.cpuMsPerCall - bare.cpuMsPerCall,
      wallMsPerCall: (raw.harness.wallMs - raw.bare.wallMs) / calls,
      cpuRatio: harness.cpuMsPerCall / bare.cpuMsPerCall,
      wallRatio: raw.harness.wallMs / raw.bare.wallMs,
    },
  };
}

const fixed = (value: number, digits: number) => value.toFixed(digits);

export function formatFigures(figures: Figures): string {
  const { harness, bare, overhead, machine } = figures;
  const row = (label: string, left: string, right: string) =>
    `  ${label.padEnd(34)}${left.padStart(14)}${right.padStart(14)}`;
  const workers =
    harness.toolWorkersCpuMsPerCall === null ? 'n/a (no /proc)' : `${fixed(harness.toolWorkersCpuMsPerCall, 3)} ms`;
  const lines = [
    `machine: ${machine.cpus} cores (${machine.cpuModel}), Node ${machine.node}, ${machine.platform}`,
    `  the simulator and the tool workers are separate processes sharing these ${machine.cpus} cores with the`,
    `  harness, so wall-clock figures include waiting for them; CPU figures count this process only.`,
    `${figures.conversations} conversations of the harness agent, concurrency ${figures.concurrency}, ` +
      `${figures.modelCalls} model calls (after a warm-up of ${figures.warmupConversations} conversations)`,
    `stored: ${figures.stored.conversations} conversations, ${figures.stored.modelCalls} model calls, ` +
      `${figures.stored.toolExecutions} tool executions` +
      (figures.everyTranscriptStored ? ' (every transcript)' : ' (MISSING TRANSCRIPTS)'),
    'replay: ' +
      (figures.replayMatches
        ? 'the simulator gave the bare loop the same answers (same shape counts)'
        : 'the answers DIFFERED from the harness run') +
      (bare.failures > 0 ? `; ${bare.failures} bare calls failed` : ''),
    '',
    row('', 'harness', 'bare HTTP'),
    row('wall time', `${fixed(harness.wallMs / 1000, 2)} s`, `${fixed(bare.wallMs / 1000, 2)} s`),
    row('conversations per second', fixed(harness.conversationsPerSecond, 0), fixed(bare.conversationsPerSecond, 0)),
    row('model calls per second', fixed(harness.callsPerSecond, 0), fixed(bare.callsPerSecond, 0)),
    row(
      'CPU per model call (this process)',
      `${fixed(harness.cpuMsPerCall, 3)} ms`,
      `${fixed(bare.cpuMsPerCall, 3)} ms`,
    ),
    row(
      'simulator CPU per call (child)',
      `${fixed(harness.simulatorCpuMsPerCall, 3)} ms`,
      `${fixed(bare.simulatorCpuMsPerCall, 3)} ms`,
    ),
    row('tool workers CPU per call', workers, '-'),
    '',
    `harness overhead per model call: ${fixed(overhead.cpuMsPerCall, 3)} ms CPU, ` +
      `${fixed(overhead.wallMsPerCall, 3)} ms wall clock`,
    `harness / bare: ${fixed(overhead.cpuRatio, 2)}x the CPU per call, ${fixed(overhead.wallRatio, 2)}x the wall time`,
  ];
  if (!figures.garbageCollected)
    lines.push('(V8 refused --expose-gc: phases were not separated by a full garbage collection)');
  return lines.join('\n');
}
