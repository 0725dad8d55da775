// Request bodies of the dataset routes. A dataset file can be larger than the API's usual 1 MB body
// limit, so the import reads its body here with a limit of its own and the same checks otherwise.
// The stated limit is the file's (what the form says); the request that carries it as a JSON
// string may be up to twice as large.
import { z } from 'zod';
import { LIMITS } from '../../protocol/limits';
import { DATASET_FORMATS } from '../../datasets/case';
import { Expectation } from '../../protocol/expectation';
import { InputError } from '../../errors';
import { HttpError } from '../../http/errors';
import { zodReasons } from '../../http/read-request';
import { parseJson } from '../../protocol/json';

export const MAX_DATASET_BODY_BYTES = LIMITS.datasetRequestBytes.max;
const MAX_DATASET_FILE_BYTES = LIMITS.datasetUploadBytes.max;

/** Refuses a dataset file (with its answers file) past the stated limit, whatever its JSON envelope weighed. */
export function checkDatasetFileSize(body: { text: string; answers?: string }): void {
  const bytes = Buffer.byteLength(body.text) + (body.answers === undefined ? 0 : Buffer.byteLength(body.answers));
  if (bytes > MAX_DATASET_FILE_BYTES) {
    throw new HttpError(
      413,
      `the dataset file is larger than ${MAX_DATASET_FILE_BYTES} bytes ` +
        `(${MAX_DATASET_FILE_BYTES / (1024 * 1024)} MB): it has ${bytes} bytes`,
    );
  }
}

export const ImportDatasetRequest = z
  .object({
    name: z.string().trim().min(1, 'give the dataset a name').max(LIMITS.idLength.max),
    /** `auto`: told from the first line (lib/datasets/formats detectFormat). */
    format: z.enum(['auto', ...DATASET_FORMATS]).default('auto'),
    text: z.string().min(1, 'upload or paste the dataset file'),
    /** BFCL only: the "possible_answer" file's text, matched to questions by id. */
    answers: z.string().optional(),
    /** The uploaded file's name, kept with the set. */
    sourceFile: z.string().trim().max(500).optional(),
    description: z.string().trim().max(2000).optional(),
  })
  .strict();
export type ImportDatasetRequest = z.infer<typeof ImportDatasetRequest>;

export const UpdateCaseRequest = z
  .object({
    /** Null: run but not scored. */
    expect: Expectation.nullable().optional(),
    note: z.string().max(10_000).nullable().optional(),
  })
  .strict()
  .refine((body) => body.expect !== undefined || body.note !== undefined, { message: 'give expect or note' });
export type UpdateCaseRequest = z.infer<typeof UpdateCaseRequest>;

export const ExportQuery = z.object({ format: z.enum(DATASET_FORMATS).default('remora') }).strict();

export const CasePageQuery = z
  .object({
    offset: z.coerce.number().int().min(0).default(0),
    limit: z.coerce.number().int().min(1).max(500).default(50),
    /** Text searched in the case id, the messages and the expected tool names. */
    q: z.string().trim().max(200).optional(),
  })
  .strict();
export type CasePageQuery = z.infer<typeof CasePageQuery>;

export const DatasetCaseParams = z.object({
  id: z.string().min(1).max(LIMITS.idLength.max),
  caseId: z.string().min(1).max(LIMITS.idLength.max),
});

/** A JSON body up to MAX_DATASET_BODY_BYTES, checked with `schema` (as read-request.ts does for smaller ones). */
export async function readLargeJsonBody<Schema extends z.ZodType>(
  request: Request,
  schema: Schema,
  limit = MAX_DATASET_BODY_BYTES,
): Promise<z.output<Schema>> {
  const type = request.headers.get('content-type') ?? '';
  if (!/^application\/json\b/i.test(type))
    throw new HttpError(415, 'send the body as JSON with content-type: application/json');
  const declared = Number(request.headers.get('content-length') ?? '0');
  if (declared > limit) throw new HttpError(413, `the body is larger than ${limit} bytes`);
  const text = await request.text();
  if (Buffer.byteLength(text) > limit) throw new HttpError(413, `the body is larger than ${limit} bytes`);
  const json = parseJson(text);
  if (!json.ok) throw new InputError('the body is not valid JSON', [json.error]);
  const parsed = schema.safeParse(json.value);
  if (!parsed.success) throw new InputError('invalid request', zodReasons(parsed.error));
  return parsed.data;
}
