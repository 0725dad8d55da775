// Settings of the embedded engine, apart from the engine itself so that configuration schemas can
// use them without loading llama.cpp.
import { z } from 'zod';
import { FAMILY_NAMES } from '../families/family';

export const EngineSettings = z
  .object({
    /** Conversations evaluated at once (context sequences). */
    sequences: z.number().int().min(1).max(64).default(4),
    /** Tokens each sequence holds (prompt and output); default min(model's training context, 8192). */
    contextSize: z.number().int().min(256).max(1_048_576).optional(),
    /** CPU threads; default: one less than llama.cpp's count of math cores (at least 1). */
    threads: z.number().int().min(1).max(256).optional(),
    /** Tokens evaluated per batch. */
    batchSize: z.number().int().min(1).max(65_536).optional(),
    /**
     * The model family, for a GGUF that is not FunctionGemma: its output is read in that family's
     * syntax and `tool_choice: required` constrains it to that syntax. Default: FunctionGemma when the
     * vocabulary has its control tokens, else the family whose call markers the GGUF's chat template writes.
     */
    family: z.enum(FAMILY_NAMES).optional(),
  })
  .strict();
export type EngineSettings = z.infer<typeof EngineSettings>;
export type EngineSettingsInput = z.input<typeof EngineSettings>;

/**
 * The baseUrl an embedded endpoint keeps, since endpoints always have one: `.invalid` never
 * resolves, so nothing can answer it; the model runs in process.
 */
export const EMBEDDED_BASE_URL = 'http://embedded.remora.invalid/v1';

/** A model name that names a GGUF file (an agent's or a variant's own model, for an embedded endpoint). */
export function namesGgufFile(model: string | undefined): model is string {
  return typeof model === 'string' && /\.gguf$/i.test(model.trim());
}
