// Whether an error means "no such thing" (a 404 page). Pages and lib may be compiled into different
// bundles, each with its own copy of the error classes, so the name is checked as well.
import { NotFoundError } from '../errors';

export function isNotFound(error: unknown): boolean {
  return error instanceof NotFoundError || (error instanceof Error && error.name === 'NotFoundError');
}
