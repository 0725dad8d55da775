// Prompt variants are append-only: saving a variant adds a version, so every prompt ever used
// can still be read back.
import { and, asc, desc, eq, max } from 'drizzle-orm';
import { NotFoundError } from '../../errors';
import type { RemoraDatabase } from '../client';
import { newId } from '../ids';
import { promptVariants, type PromptVariantRow } from '../schema';

export type PromptVariantInput = {
  agentId: string;
  name: string;
  systemPrompt: string;
  /** Null or absent: the agent's own node_context template. */
  nodeContext?: string | null;
  note?: string | null;
  /** Defaults to the latest version of the same name, if any. */
  parentId?: string | null;
};

/** Saves a new version of the named variant (version 1 when the name is new). */
export function saveVariantVersion(
  database: RemoraDatabase,
  input: PromptVariantInput,
  now = Date.now(),
): PromptVariantRow {
  // Reading the latest version and inserting the next must not interleave with another writer.
  return database.transaction(
    (transaction) => {
      const latest = transaction
        .select({ id: promptVariants.id, version: promptVariants.version })
        .from(promptVariants)
        .where(and(eq(promptVariants.agentId, input.agentId), eq(promptVariants.name, input.name)))
        .orderBy(desc(promptVariants.version))
        .limit(1)
        .get();
      return transaction
        .insert(promptVariants)
        .values({
          id: newId(),
          agentId: input.agentId,
          name: input.name,
          systemPrompt: input.systemPrompt,
          nodeContext: input.nodeContext ?? null,
          version: (latest?.version ?? 0) + 1,
          parentId: input.parentId !== undefined ? input.parentId : (latest?.id ?? null),
          note: input.note ?? null,
          createdAt: now,
        })
        .returning()
        .get();
    },
    { behavior: 'immediate' },
  );
}

/** Starts a variant under a new name from an existing version (its parent). */
export function forkVariant(
  database: RemoraDatabase,
  sourceId: string,
  fork: { name: string; systemPrompt?: string; nodeContext?: string | null; note?: string | null },
  now = Date.now(),
): PromptVariantRow {
  const source = getVariant(database, sourceId);
  if (!source) throw new NotFoundError(`No prompt variant ${sourceId}`);
  return saveVariantVersion(
    database,
    {
      agentId: source.agentId,
      name: fork.name,
      systemPrompt: fork.systemPrompt ?? source.systemPrompt,
      nodeContext: fork.nodeContext !== undefined ? fork.nodeContext : source.nodeContext,
      note: fork.note ?? null,
      parentId: source.id,
    },
    now,
  );
}

export function getVariant(database: RemoraDatabase, id: string): PromptVariantRow | null {
  return database.select().from(promptVariants).where(eq(promptVariants.id, id)).get() ?? null;
}

/** The latest version of each of the agent's variants, by name. */
export function listLatestVariants(database: RemoraDatabase, agentId: string): PromptVariantRow[] {
  const latest = database
    .select({ name: promptVariants.name, version: max(promptVariants.version).as('latest_version') })
    .from(promptVariants)
    .where(eq(promptVariants.agentId, agentId))
    .groupBy(promptVariants.name)
    .as('latest');
  return database
    .select({ variant: promptVariants })
    .from(promptVariants)
    .innerJoin(latest, and(eq(promptVariants.name, latest.name), eq(promptVariants.version, latest.version)))
    .where(eq(promptVariants.agentId, agentId))
    .orderBy(asc(promptVariants.name))
    .all()
    .map((row) => row.variant);
}

/** Every version of one variant, newest first. */
export function listVariantHistory(database: RemoraDatabase, agentId: string, name: string): PromptVariantRow[] {
  return database
    .select()
    .from(promptVariants)
    .where(and(eq(promptVariants.agentId, agentId), eq(promptVariants.name, name)))
    .orderBy(desc(promptVariants.version))
    .all();
}

/**
 * Where a variant started: the parent of its first version when that is another variant (a fork);
 * null for a variant written from scratch or for the agent's own prompt.
 */
export function variantOrigin(
  database: RemoraDatabase,
  variant: PromptVariantRow,
): { name: string; version: number } | null {
  const first =
    variant.version === 1
      ? variant
      : database
          .select()
          .from(promptVariants)
          .where(
            and(
              eq(promptVariants.agentId, variant.agentId),
              eq(promptVariants.name, variant.name),
              eq(promptVariants.version, 1),
            ),
          )
          .get();
  const parent = first?.parentId ? getVariant(database, first.parentId) : null;
  return parent && parent.name !== variant.name ? { name: parent.name, version: parent.version } : null;
}
