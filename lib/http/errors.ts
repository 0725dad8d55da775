// The one place that turns the project's errors into HTTP responses. Clients get a message meant for
// people and, for a bad request, the reasons; never a stack, SQL or a file path from a bug. Those
// go to the server log under a reference the client can quote.
import { randomBytes } from 'node:crypto';
import { ConfigurationError, InputError, NotFoundError, RemoraError, ServerError } from '../errors';
import { ExperimentConflictError } from '../errors';

/** A request refused for a reason of HTTP itself (size, media type, origin). */
export class HttpError extends RemoraError {
  static readonly code = 'HttpError';
  readonly status: number;
  readonly reasons: string[];
  constructor(status: number, message: string, reasons: string[] = []) {
    super('input', message);
    this.status = status;
    this.reasons = reasons;
  }
}

type ErrorBody = { error: string; reasons?: string[]; reference?: string };

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
  if (HttpError.is(error)) return body(error.status, withReasons(error.message, error.reasons));
  if (NotFoundError.is(error)) return body(404, { error: error.message });
  if (InputError.is(error)) return body(400, withReasons(error.message, error.problems));
  if (ExperimentConflictError.is(error)) return body(409, { error: error.message });
  if (ServerError.is(error)) return body(502, { error: `the model server failed: ${error.message}` });
  if (ConfigurationError.is(error)) {
    // The operator's setup (database, migrations, simulator settings): the message is written for
    // people, but it may name server paths, so the client gets a pointer to the log instead.
    const reference = logWithReference(error, log);
    return body(503, { error: 'the control panel is not set up correctly; see the server log', reference });
  }
  // Any other project error still says whose fault it is.
  const fault = RemoraError.is(error) ? error.fault : null;
  if (fault === 'server') return body(502, { error: `the model server failed: ${(error as Error).message}` });
  const reference = logWithReference(error, log);
  if (fault === 'configuration')
    return body(503, { error: 'the control panel is not set up correctly; see the server log', reference });
  return body(500, { error: 'internal error; see the server log', reference });
}

function logWithReference(error: unknown, log: ErrorLogger): string {
  const reference = randomBytes(4).toString('hex');
  const detail = error instanceof Error ? (error.stack ?? error.message) : String(error);
  const fault = RemoraError.is(error) ? ` (${error.fault})` : '';
  const problems =
    ConfigurationError.is(error) && error.problems.length > 0 ? `\n  - ${error.problems.join('\n  - ')}` : '';
  log(`[remora] request failed, reference ${reference}${fault}: ${detail}${problems}`);
  return reference;
}
