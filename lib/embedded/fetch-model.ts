// Downloads a GGUF model from a URL the user gives: into `OUT.part`, resuming with an HTTP Range
// request after a dropped connection (within one run, and across runs), then checks the GGUF magic
// and the SHA-256 (when given) before renaming it to OUT.
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open, rename, rm, stat, truncate } from 'node:fs/promises';
import { ConfigurationError, InputError, ServerError, errorMessage } from '../errors';
import { GGUF_MAGIC } from './gguf-file';
import { sleep } from '../sleep';

export type DownloadProgress = { received: number; total: number | null; resumedFrom: number };

export type FetchModelOptions = {
  url: string;
  out: string;
  /** Expected SHA-256 of the file (64 hex digits). */
  sha256?: string;
  /** Extra request headers (an Authorization header for gated models). */
  headers?: Record<string, string>;
  /** Connection attempts before giving up (each resumes where the last stopped). Default 5. */
  attempts?: number;
  retryDelayMs?: number;
  /** Replace OUT when it exists (without a matching --sha256). */
  force?: boolean;
  onProgress?(progress: DownloadProgress): void;
  onNotice?(text: string): void;
  signal?: AbortSignal;
};

export type FetchModelResult = {
  path: string;
  bytes: number;
  sha256: string;
  resumedFrom: number;
  alreadyPresent: boolean;
};

type AttemptResult = { kind: 'complete'; total: number } | { kind: 'retry'; reason: string };

async function fileSize(path: string): Promise<number | null> {
  try {
    return (await stat(path)).size;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

async function sha256File(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

async function readMagic(path: string): Promise<Buffer> {
  const handle = await open(path, 'r');
  try {
    const head = Buffer.alloc(4);
    const { bytesRead } = await handle.read(head, 0, 4, 0);
    return head.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

function parseContentRange(header: string | null): { start: number | null; total: number | null } {
  const match = header ? /^bytes\s+(?:(\d+)-\d+|\*)\/(\d+|\*)$/i.exec(header.trim()) : null;
  if (!match) return { start: null, total: null };
  return { start: match[1] === undefined ? null : Number(match[1]), total: match[2] === '*' ? null : Number(match[2]) };
}

/** One request: appends what arrives to the .part file. Failures worth retrying come back as values. */
async function attemptDownload(options: FetchModelOptions, partPath: string): Promise<AttemptResult> {
  let offset = (await fileSize(partPath)) ?? 0;
  const headers: Record<string, string> = { 'user-agent': 'remora', ...options.headers };
  if (offset > 0) headers.range = `bytes=${offset}-`;
  let response: Response;
  try {
    response = await fetch(options.url, { headers, signal: options.signal, redirect: 'follow' });
  } catch (error) {
    if (options.signal?.aborted) throw new InputError('the download was cancelled', [], { cause: error });
    return { kind: 'retry', reason: `cannot reach ${options.url}: ${errorMessage(error)}` };
  }
  const range = parseContentRange(response.headers.get('content-range'));
  if (response.status === 416 && offset > 0) {
    await response.body?.cancel();
    // The .part file may already be whole; else it is not a prefix of this file and starts over.
    if (range.total === offset) return { kind: 'complete', total: offset };
    await truncate(partPath, 0);
    return { kind: 'retry', reason: 'the server refused to resume; starting over' };
  }
  if (!response.ok) {
    await response.body?.cancel();
    const hint =
      response.status === 401 || response.status === 403
        ? ' (a gated model needs a token: pass --token-env NAME with the name of the variable that holds it)'
        : '';
    const message = `the server answered ${response.status} ${response.statusText} for ${options.url}${hint}`;
    if (response.status === 429 || response.status >= 500) return { kind: 'retry', reason: message };
    throw new ServerError(message, { status: response.status, retryable: false });
  }
  if (offset > 0 && (response.status !== 206 || range.start !== offset)) {
    options.onNotice?.('the server does not resume this download; starting over');
    await truncate(partPath, 0);
    offset = 0;
  }
  const length = Number(response.headers.get('content-length'));
  const total =
    range.total ?? (Number.isFinite(length) && response.headers.has('content-length') ? offset + length : null);
  const resumedFrom = offset;
  options.onProgress?.({ received: offset, total, resumedFrom });

  const file = await open(partPath, 'a');
  try {
    if (response.body) {
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        await file.write(chunk);
        offset += chunk.length;
        options.onProgress?.({ received: offset, total, resumedFrom });
      }
    }
  } catch (error) {
    if (options.signal?.aborted)
      throw new InputError(`the download was cancelled; ${offset} bytes are kept in ${partPath} for the next run`, [], {
        cause: error,
      });
    return { kind: 'retry', reason: `the connection dropped after ${offset} bytes: ${errorMessage(error)}` };
  } finally {
    await file.close();
  }
  if (total !== null && offset < total)
    return { kind: 'retry', reason: `the connection closed after ${offset} of ${total} bytes` };
  return { kind: 'complete', total: offset };
}

/** Downloads (or resumes) the model and verifies it. Throws a RemoraError with the reason on failure. */
export async function fetchModel(options: FetchModelOptions): Promise<FetchModelResult> {
  let url: URL;
  try {
    url = new URL(options.url);
  } catch (error) {
    throw new InputError(`not a URL: ${options.url}`, [], { cause: error });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new InputError(`only http and https URLs can be fetched, not ${url.protocol}`);
  const expected = options.sha256?.trim().toLowerCase();
  if (expected !== undefined && !/^[0-9a-f]{64}$/.test(expected))
    throw new InputError('--sha256 must be 64 hexadecimal digits');

  const existing = await fileSize(options.out);
  if (existing !== null) {
    if (expected !== undefined && (await sha256File(options.out)) === expected) {
      return { path: options.out, bytes: existing, sha256: expected, resumedFrom: 0, alreadyPresent: true };
    }
    if (!options.force)
      throw new ConfigurationError(`${options.out} exists already; remove it, choose another --out, or pass --force`);
  }

  const partPath = `${options.out}.part`;
  const resumedFrom = (await fileSize(partPath)) ?? 0;
  if (resumedFrom > 0) options.onNotice?.(`resuming ${partPath} from ${resumedFrom} bytes`);
  const attempts = Math.max(1, options.attempts ?? 5);
  let last = '';
  let complete = false;
  for (let attempt = 1; attempt <= attempts && !complete; attempt += 1) {
    const result = await attemptDownload(options, partPath);
    if (result.kind === 'complete') complete = true;
    else {
      last = result.reason;
      if (attempt < attempts) {
        options.onNotice?.(`${result.reason}; retrying (${attempt + 1} of ${attempts})`);
        await sleep((options.retryDelayMs ?? 1000) * 2 ** (attempt - 1), options.signal);
      }
    }
  }
  if (!complete) {
    const kept = (await fileSize(partPath)) ?? 0;
    throw new ServerError(
      `the download did not complete after ${attempts} attempts: ${last}. ` +
        `${kept} bytes are kept in ${partPath}; run the same command again to resume`,
      { retryable: true },
    );
  }

  const magic = await readMagic(partPath);
  if (magic.toString('latin1') !== GGUF_MAGIC) {
    await rm(partPath, { force: true });
    const start = magic.toString('latin1');
    throw new InputError(
      `${options.url} is not a GGUF file (it starts with ${JSON.stringify(start)}, not "GGUF"); ` +
        'the partial file was removed. ' +
        "For Hugging Face, use a file's download link (…/resolve/main/FILE.gguf), not its page",
    );
  }
  const actual = await sha256File(partPath);
  if (expected !== undefined && actual !== expected) {
    await rm(partPath, { force: true });
    throw new InputError(`the checksum does not match: expected ${expected}, got ${actual}; the download was removed`);
  }
  await rename(partPath, options.out);
  const bytes = (await fileSize(options.out)) ?? 0;
  return { path: options.out, bytes, sha256: actual, resumedFrom, alreadyPresent: false };
}
