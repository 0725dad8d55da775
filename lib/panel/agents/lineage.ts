// Where a prompt version came from, in words: "from v2 of baseline" (forked from another variant),
// "from v2" (saved over the same variant's previous version). Shared by the agent page and the form.
// Pure: client components use it.

export type VersionRef = { name: string; version: number };

/** The version's parent in words, seen from a version of `name`; null without a parent. */
export function describeParent(name: string, parent: VersionRef | null): string | null {
  if (parent === null) return null;
  return parent.name === name ? `from v${parent.version}` : `from v${parent.version} of ${parent.name}`;
}
