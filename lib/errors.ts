// One error hierarchy: each class says whose fault it is. `cause` is always kept.
//
// Errors are recognised with `SomeError.is(value)`, never with instanceof: Next compiles the
// instrumentation, each route and each page into bundles of their own, each with its own copy of
// these classes, so an error built in one fails instanceof in another. `is` reads a marker the
// error carries (the codes of its classes under a global symbol), which every copy agrees on.

export type Fault = 'configuration' | 'input' | 'model' | 'server' | 'tool' | 'bug';

const LINEAGE = Symbol.for('remora.error.lineage');

type RemoraErrorClass = (abstract new (...args: never[]) => RemoraError) & { readonly code: string };

export class RemoraError extends Error {
  /** The class's own name, kept as data: minified bundles rename classes. */
  static readonly code: string = 'RemoraError';
  readonly fault: Fault;
  /** The codes of this error's class and of every class above it, up to RemoraError. */
  readonly [LINEAGE]: readonly string[];

  constructor(fault: Fault, message: string, options?: { cause?: unknown }) {
    super(message, options);
    const lineage: string[] = [];
    for (
      let type: unknown = new.target;
      typeof type === 'function' && type !== Error;
      type = Object.getPrototypeOf(type)
    ) {
      if (Object.hasOwn(type, 'code')) lineage.push((type as RemoraErrorClass).code);
    }
    this.name = lineage[0] ?? 'RemoraError';
    this.fault = fault;
    this[LINEAGE] = lineage;
  }

  /** Whether `value` is an error of this class or of a class below it, whichever bundle built it. */
  static is<T extends RemoraErrorClass>(this: T, value: unknown): value is InstanceType<T> {
    if (typeof value !== 'object' || value === null) return false;
    const lineage = (value as { [LINEAGE]?: unknown })[LINEAGE];
    return Array.isArray(lineage) && lineage.includes(this.code);
  }
}

/** The user's configuration is wrong (agent file, settings, flags). */
export class ConfigurationError extends RemoraError {
  static readonly code = 'ConfigurationError';
  readonly problems: string[];
  constructor(message: string, problems: string[] = [], options?: { cause?: unknown }) {
    super('configuration', message, options);
    this.problems = problems;
  }
}

/** A request from a user or client is invalid (HTTP body, CLI input). */
export class InputError extends RemoraError {
  static readonly code = 'InputError';
  readonly problems: string[];
  constructor(message: string, problems: string[] = [], options?: { cause?: unknown }) {
    super('input', message, options);
    this.problems = problems;
  }
}

/** Something looked up does not exist. */
export class NotFoundError extends RemoraError {
  static readonly code = 'NotFoundError';
  constructor(message: string, options?: { cause?: unknown }) {
    super('input', message, options);
  }
}

/** An experiment is already finished, or being run by another runner. */
export class ExperimentConflictError extends RemoraError {
  static readonly code = 'ExperimentConflictError';
  constructor(message: string, options?: { cause?: unknown }) {
    super('input', message, options);
  }
}

/** The model server failed or answered with something that is not a chat completion. */
export class ServerError extends RemoraError {
  static readonly code = 'ServerError';
  readonly status?: number;
  readonly retryable: boolean;
  constructor(message: string, details: { status?: number; retryable: boolean; cause?: unknown }) {
    super('server', message, { cause: details.cause });
    this.status = details.status;
    this.retryable = details.retryable;
  }
}

export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}
