// Becoming an unprivileged user, for sandboxes started by root.

/** setpriv's arguments that become an unprivileged user with no capabilities and no way back. */
export function dropArguments(dropTo: { uid: number; gid: number }): string[] {
  return [
    `--reuid=${dropTo.uid}`,
    `--regid=${dropTo.gid}`,
    '--clear-groups',
    '--inh-caps=-all',
    '--bounding-set=-all',
    '--no-new-privs',
  ];
}
