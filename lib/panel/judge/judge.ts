// The panel's "Judge with a model" action (POST /api/experiments/:id/judge): a model judge over a
// finished experiment's conversations (lib/judge), through a saved endpoint or a base URL and model.
// The API key is read from the environment variable named (the endpoint's own, or the one given);
// the request never carries a key, and none is stored.
import { z } from 'zod';
import { getEndpoint } from '../../db/queries/endpoints';
import { InputError, NotFoundError } from '../../errors';
import { judgeExperiment, type JudgeRunResult } from '../../judge/run-judge';
import type { PanelContext } from '../context';

export const JudgeBody = z.strictObject({
  endpointId: z.string().min(1).optional(),
  baseUrl: z.string().url('must be a URL such as http://127.0.0.1:8000/v1').optional(),
  model: z.string().trim().min(1, 'is empty').max(200).optional(),
  apiKeyEnv: z
    .string()
    .regex(/^[A-Za-z_][A-Za-z0-9_]{0,100}$/, 'must be the name of an environment variable')
    .optional(),
  prompt: z.strictObject({
    name: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9 _.-]{1,60}$/, 'must be 1 to 60 letters, digits, spaces, ., - or _'),
    text: z.string().trim().min(1, 'is empty').max(20_000),
  }),
});
export type JudgeBody = z.infer<typeof JudgeBody>;

export const JudgeResult = z.strictObject({
  runId: z.string(),
  prompt: z.strictObject({ id: z.string(), name: z.string(), version: z.number().int().positive() }),
  model: z.string(),
  pass: z.number().int().nonnegative(),
  fail: z.number().int().nonnegative(),
  error: z.number().int().nonnegative(),
});

export async function judgeFromPanel(
  context: PanelContext,
  experimentId: string,
  body: JudgeBody,
): Promise<JudgeRunResult> {
  const saved = body.endpointId ? getEndpoint(context.database, body.endpointId) : null;
  if (body.endpointId && !saved) throw new NotFoundError(`no endpoint with id ${body.endpointId}`);
  const baseUrl = body.baseUrl ?? saved?.baseUrl;
  const model = body.model ?? saved?.model;
  if (!baseUrl || !model) throw new InputError('choose a saved endpoint, or give a base URL and a model');
  const variable = body.apiKeyEnv ?? saved?.apiKeyEnv;
  const apiKey = variable ? process.env[variable] : undefined;
  if (variable && !apiKey)
    throw new InputError(`the environment variable ${variable} (the judge's API key) is not set`);
  return judgeExperiment(context.database, experimentId, { baseUrl, model, apiKey, prompt: body.prompt });
}
