import type { ToolErrorKind } from './tools/protocol';

// One error hierarchy: each class says whose fault it is. `cause` is always kept.

export type Fault = 'configuration' | 'input' | 'model' | 'server' | 'tool' | 'bug';

export class RemoraError extends Error {
  readonly fault: Fault;
  constructor(fault: Fault, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
    this.fault = fault;
  }
}

/** The user's configuration is wrong (agent file, settings, flags). */
export class ConfigurationError extends RemoraError {
  readonly problems: string[];
  constructor(message: string, problems: string[] = [], options?: { cause?: unknown }) {
    super('configuration', message, options);
    this.problems = problems;
  }
}

/** A request from a user or client is invalid (HTTP body, CLI input). */
export class InputError extends RemoraError {
  readonly problems: string[];
  constructor(message: string, problems: string[] = [], options?: { cause?: unknown }) {
    super('input', message, options);
    this.problems = problems;
  }
}

/** Something looked up does not exist. */
export class NotFoundError extends RemoraError {
  constructor(message: string, options?: { cause?: unknown }) {
    super('input', message, options);
  }
}

/** The model server failed or answered with something that is not a chat completion. */
export class ServerError extends RemoraError {
  readonly status?: number;
  readonly retryable: boolean;
  constructor(message: string, details: { status?: number; retryable: boolean; cause?: unknown }) {
    super('server', message, { cause: details.cause });
    this.status = details.status;
    this.retryable = details.retryable;
  }
}

/** A tool failed (crash, timeout, bad output). */
export class ToolError extends RemoraError {
  readonly kind: ToolErrorKind;
  constructor(kind: ToolErrorKind, message: string, options?: { cause?: unknown }) {
    super('tool', message, options);
    this.kind = kind;
  }
}

export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}
