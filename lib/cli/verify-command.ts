// `remora verify EXPERIMENT_ID`: recounts an experiment's live summary counters from its rows and
// says whether they agree. Exit 0 when they do, 1 when any differs (each difference on its own
// line), 2 for a mistake of the user's (no such experiment).
import { verifyCounters } from '../db/counters/verify';
import { NotFoundError } from '../errors';
import { withDatabase } from './dataset-command';
import type { CommandOutput } from './io';

export type VerifyOptions = { db: string; json?: boolean };

export function runVerifyCommand(experimentId: string, options: VerifyOptions): Promise<CommandOutput> {
  return withDatabase(options.db, (database) => {
    const check = verifyCounters(database, experimentId);
    if (!check) throw new NotFoundError(`no experiment with id ${experimentId}`);
    const agree = check.differences.length === 0;
    if (options.json) return { stdout: JSON.stringify({ ...check, agree }), stderr: '', exitCode: agree ? 0 : 1 };
    if (agree) {
      return {
        stdout: `counters agree with a recount of ${check.conversations} conversations (${check.rows} counter rows)`,
        stderr: '',
        exitCode: 0,
      };
    }
    const lines = [
      `counters DISAGREE with a recount of ${check.conversations} conversations:`,
      ...check.differences.map((difference) => `  ${difference}`),
    ];
    return { stdout: '', stderr: lines.join('\n'), exitCode: 1 };
  });
}
