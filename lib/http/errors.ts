// The one place that turns the project's errors into HTTP responses. Clients get a message meant for
// people and, for a bad request, the reasons; never a stack, SQL or a file path from a bug. Those
// go to the server log under a reference the client can quote.
import { randomBytes } from 'node:crypto';
import { ConfigurationError, InputError, NotFoundError, RemoraError, ServerError } from '../errors';
import { ExperimentConflictError } from '../experiments/lease';

/** A request refused for a reason of HTTP itself (size, media type, origin). */
export class HttpError extends RemoraError {
  readonly status: number;
  readonly reasons: string[];
  constructor(status: number, message: string, reasons: string[] = []) {
    super('input', message);
    this.status = status;
    this.reasons = reasons;
  }
}

export type ErrorBody = { error: string; reasons?: string[]; reference?: string };

export type ErrorLogger = (message: string) => void;

const defaultLogger: ErrorLogger = (message) => console.error(message);

function body(status: number, payload: ErrorBody): Response {
  return Response.json(payload, { status, headers: { 'cache-control': 'no-store' } });
}

function withReasons(message: string, reasons: string[]): ErrorBody {
  return reasons.length > 0 ? { error: message, reasons } : { error: message };
}

/** Maps an error to its response; unexpected ones are logged with their stack and answered with 500. */
export function errorResponse(error: unknown, log: ErrorLogger = defaultLogger): Response {
  if (error instanceof HttpError) return body(error.status, withReasons(error.message, error.reasons));
  if (error instanceof NotFoundError) return body(404, { error: error.message });
  if (error instanceof InputError) return body(400, withReasons(error.message, error.problems));
  if (error instanceof ExperimentConflictError) return body(409, { error: error.message });
  if (error instanceof ServerError) return body(502, { error: `the model server failed: ${error.message}` });
  if (error instanceof ConfigurationError) {
    // The operator's setup (database, migrations, simulator settings): the message is written for
    // people, but it may name server paths, so the client gets a pointer to the log instead.
    const reference = logWithReference(error, log);
    return body(503, { error: 'the control panel is not set up correctly; see the server log', reference });
  }
  // A project error built by another bundle's copy of lib/errors (Next compiles instrumentation and
  // each route apart) fails the instanceof checks above; its fault still says whose it is.
  const fault = faultOf(error);
  if (fault === 'server') return body(502, { error: `the model server failed: ${(error as Error).message}` });
  const reference = logWithReference(error, log);
  if (fault === 'configuration') return body(503, { error: 'the control panel is not set up correctly; see the server log', reference });
  return body(500, { error: 'internal error; see the server log', reference });
}

function faultOf(error: unknown): string | null {
  if (!(error instanceof Error)) return null;
  const fault = (error as { fault?: unknown }).fault;
  return typeof fault === 'string' ? fault : null;
}

function logWithReference(error: unknown, log: ErrorLogger): string {
  const reference = randomBytes(4).toString('hex');
  const detail = error instanceof Error ? (error.stack ?? error.message) : String(error);
  const fault = faultOf(error) ? ` (${faultOf(error)})` : '';
  const problems = error instanceof ConfigurationError && error.problems.length > 0 ? `\n  - ${error.problems.join('\n  - ')}` : '';
  log(`[remora] request failed, reference ${reference}${fault}: ${detail}${problems}`);
  return reference;
}
