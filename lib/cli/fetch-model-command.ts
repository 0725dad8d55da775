// `remora fetch-model URL --out PATH [--sha256 HEX] [--token-env NAME] [--force]`: downloads a GGUF
// model with a progress bar on stderr, resuming an interrupted download, and verifies it.
import { Presets, SingleBar } from 'cli-progress';
import { RemoraError, errorMessage, InputError } from '../errors';
import { fetchModel, type DownloadProgress } from '../embedded/fetch-model';
import type { CommandOutput } from './io';
import { exitCodeFor } from './exit-code';

export type FetchModelCliOptions = {
  out: string;
  sha256?: string;
  tokenEnv?: string;
  force?: boolean;
  attempts?: number;
};

function megabytes(bytes: number): string {
  return (bytes / 1024 / 1024).toFixed(1);
}

export async function runFetchModelCommand(
  url: string,
  options: FetchModelCliOptions,
  environment: Record<string, string | undefined> = process.env,
): Promise<CommandOutput> {
  const headers: Record<string, string> = {};
  let bar: SingleBar | null = null;
  let barTotal: number | null = null;
  const showBar = process.stderr.isTTY === true;
  const onProgress = (progress: DownloadProgress) => {
    if (!showBar) return;
    const total = progress.total ?? 0;
    if (!bar || barTotal !== total) {
      bar?.stop();
      bar = new SingleBar(
        { format: ' {bar} {percentage}% | {done}/{size} MB | {speed} MB/s', hideCursor: true, stream: process.stderr },
        Presets.shades_classic,
      );
      bar.start(total || 1, progress.received, {
        done: megabytes(progress.received),
        size: progress.total === null ? '?' : megabytes(total),
        speed: '0.0',
      });
      barTotal = total;
      started = performance.now();
      startBytes = progress.received;
    }
    const seconds = (performance.now() - started) / 1000;
    const speed = seconds > 0 ? megabytes((progress.received - startBytes) / seconds) : '0.0';
    bar.update(total ? progress.received : 0, { done: megabytes(progress.received), speed });
  };
  let started = performance.now();
  let startBytes = 0;
  const notices: string[] = [];
  try {
    if (options.tokenEnv) {
      const token = environment[options.tokenEnv];
      if (!token) throw new InputError(`the environment variable ${options.tokenEnv} (--token-env) is not set`);
      headers.authorization = `Bearer ${token}`;
    }
    const result = await fetchModel({
      url,
      out: options.out,
      sha256: options.sha256,
      headers,
      force: options.force,
      attempts: options.attempts,
      onProgress,
      onNotice: (text) => {
        if (showBar) notices.push(text);
        else process.stderr.write(`${text}\n`);
      },
    });
    (bar as SingleBar | null)?.stop();
    const lines = [
      result.alreadyPresent
        ? `${result.path} is already there and its checksum matches`
        : `saved ${result.path} (${megabytes(result.bytes)} MB)` +
          (result.resumedFrom > 0 ? `, resumed from ${megabytes(result.resumedFrom)} MB` : ''),
      `sha256 ${result.sha256}${options.sha256 ? ' (verified)' : ''}`,
    ];
    return { stdout: lines.join('\n'), stderr: notices.join('\n'), exitCode: 0 };
  } catch (error) {
    (bar as SingleBar | null)?.stop();
    const message = RemoraError.is(error) ? error.message : errorMessage(error);
    return { stdout: '', stderr: [...notices, `fetch-model: ${message}`].join('\n'), exitCode: exitCodeFor(error) };
  }
}
