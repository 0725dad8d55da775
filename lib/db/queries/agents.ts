import { asc, eq } from 'drizzle-orm';
import type { RemoraDatabase } from '../client';
import { newId } from '../ids';
import { agents, type AgentRow } from '../schema';

export type AgentInput = {
  name: string;
  /** The agent definition as parsed from its YAML (the agents module validates it). */
  definition: Record<string, unknown>;
  sourcePath?: string | null;
};

/** Creates the agent, or replaces the definition of the one with that name (keeping its id). */
export function upsertAgent(database: RemoraDatabase, input: AgentInput, now = Date.now()): AgentRow {
  return database
    .insert(agents)
    .values({
      id: newId(),
      name: input.name,
      definition: input.definition,
      sourcePath: input.sourcePath ?? null,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: agents.name,
      set: { definition: input.definition, sourcePath: input.sourcePath ?? null, updatedAt: now },
    })
    .returning()
    .get();
}

export function getAgent(database: RemoraDatabase, id: string): AgentRow | null {
  return database.select().from(agents).where(eq(agents.id, id)).get() ?? null;
}

export function getAgentByName(database: RemoraDatabase, name: string): AgentRow | null {
  return database.select().from(agents).where(eq(agents.name, name)).get() ?? null;
}

export function listAgents(database: RemoraDatabase): AgentRow[] {
  return database.select().from(agents).orderBy(asc(agents.name)).all();
}

/** Deletes the agent and, through the foreign key, its prompt variants. */
export function deleteAgent(database: RemoraDatabase, id: string): boolean {
  return database.delete(agents).where(eq(agents.id, id)).run().changes > 0;
}
