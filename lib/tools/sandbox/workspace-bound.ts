// A size-bounded workspace. A folder bound read-write from the host takes whatever a program writes
// (model-written tests once wrote a gigabyte into one), and RLIMIT_FSIZE bounds one file only. So
// inside the sandbox the workspace is a tmpfs of the limit's size at the same path: a shell copies
// the host's folder in (bound at a hidden path), runs the program, and copies the result back.
// The host never holds more than the limit; a run that filled the tmpfs says so on file
// descriptor 3, and its caller records a tool error naming the limit. A run killed (timeout,
// cancel) leaves the host's folder as it was.

/** Where the host's folders are bound inside the sandbox: /.remora-host/0, /1... */
const HOST_WORKSPACES = '/.remora-host';
/** Free bytes below which a bounded workspace counts as full (a write that failed for room leaves about none). */
const FULL_BELOW_BYTES = 64 * 1024;

function quoted(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/** The hidden folder's own mount, before any bounded workspace. */
export const HOST_WORKSPACES_MOUNT = ['--perms', '0755', '--dir', HOST_WORKSPACES];

/** bubblewrap's mounts for one bounded workspace: the host folder at its hidden path, then a tmpfs at its own. */
export function boundedWorkspaceMount(folder: string, index: number, bytes: number): string[] {
  return [
    '--bind',
    folder,
    `${HOST_WORKSPACES}/${index}`,
    '--perms',
    '0777',
    '--size',
    String(bytes),
    '--tmpfs',
    folder,
  ];
}

/** The shell that fills the workspaces, runs the program ("$@") in `cwd`, reports a full one and copies back. */
export function boundedWorkspaceScript(writable: string[], cwd: string): string {
  const pairs = writable.map((folder, index) => ({
    host: quoted(`${HOST_WORKSPACES}/${index}`),
    inside: quoted(folder),
  }));
  // Entry by entry: copying the folder itself ("from/.") would set the mount point's times, which
  // only its owner may.
  const lines = [
    'set -u',
    'copy() { for entry in "$1"/* "$1"/.[!.]* "$1"/..?*; do',
    '  if [ -e "$entry" ] || [ -L "$entry" ]; then cp -a "$entry" "$2"/ || return 1; fi',
    'done; }',
  ];
  for (const { host, inside } of pairs)
    lines.push(`copy ${host} ${inside} || { echo 'remora: could not copy the workspace in' >&2; exit 125; }`);
  lines.push(`cd ${quoted(cwd)} || exit 125`, '"$@" 3>&-', 'status=$?');
  for (const { inside } of pairs) {
    lines.push(`set -- $(stat -f -c '%a %S' ${inside})`, `[ $(($1 * $2)) -lt ${FULL_BELOW_BYTES} ] && echo full >&3`);
  }
  for (const { host, inside } of pairs)
    lines.push(`find ${host} -mindepth 1 -delete && copy ${inside} ${host} || status=125`);
  lines.push('exit $status');
  return lines.join('\n');
}

/** "8 MiB", "256 MiB", or bytes when not a whole number of MiB. */
export function shownBytes(bytes: number): string {
  const mib = bytes / (1024 * 1024);
  return Number.isInteger(mib) ? `${mib} MiB` : `${bytes} bytes`;
}

export function workspaceFullMessage(bytes: number): string {
  const limit = shownBytes(bytes);
  return `the workspace is over its size limit of ${limit}: what the program wrote was kept up to the limit`;
}
