// Pieces shared by the response schemas of the HTTP API. A response schema names every field a
// client (a page, the e2e specs, a script) relies on; nested objects that only a page reads in
// full are `looseObject`s, which check the fields named and let the others through.
import { z } from 'zod';
import { ALL_PARSE_PATHS } from '../parsing/types';
import { OUTCOMES, type Outcome as OutcomeName } from '../runner/types';

export const Id = z.string().min(1);
export const Timestamp = z.number().int().nonnegative();
export const Count = z.number().int().nonnegative();
export const Outcome = z.enum(OUTCOMES as [OutcomeName, ...OutcomeName[]]);
export const ParsePath = z.enum(ALL_PARSE_PATHS);
export const ExperimentStatus = z.enum(['pending', 'running', 'completed', 'cancelled', 'failed']);
/** The status a page and the API show: `interrupted` is a running row nobody carries on. */
export const ShownStatus = z.enum([...ExperimentStatus.options, 'interrupted']);

export const Created = z.strictObject({ id: Id });
export const Deleted = z.strictObject({ deleted: z.literal(true) });
export const DeletedWithId = z.strictObject({ id: Id, deleted: z.literal(true) });

/** A stored chat message, as the runner sent or received it. */
export const ChatMessage = z.looseObject({
  role: z.enum(['system', 'user', 'assistant', 'tool']),
  content: z.string().nullable().optional(),
});

/** Prices per million input (prompt) and output (completion) tokens, set on a saved endpoint. */
export const TokenPrices = z.strictObject({ input: z.number().min(0), output: z.number().min(0) });
