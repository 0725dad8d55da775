// The file system a sandbox sees, as bubblewrap arguments: the system's programs and libraries
// read-only, a few files of /etc (never shadow, ssh or the like), the folders it was given
// read-only, the workspace read-write, a private /tmp of bounded size, and nothing else: no home
// folder, no project database, no other workspace.
import { existsSync, lstatSync, readdirSync, readlinkSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { isWithin, outermost } from './paths';
import { HOST_WORKSPACES_MOUNT, boundedWorkspaceMount } from './workspace-bound';

export type Mounts = {
  /** Folders (or files) bound read-only at the same path. */
  readable: string[];
  /** Folders bound read-write at the same path. */
  writable: string[];
  /** Size of the private /tmp. */
  tmpBytes: number;
  /** When set, each writable folder is a tmpfs of this size filled from the host's (workspace-bound.ts). */
  workspaceBytes?: number;
};

const SYSTEM_FOLDERS = ['/usr'];
/** On merged-/usr systems these are links into /usr; elsewhere they are folders of their own. */
const SYSTEM_LINKS = ['/bin', '/sbin', '/lib', '/lib32', '/lib64', '/libx32'];
/** What programs need from /etc: the dynamic linker's cache, names of users and groups, time zone, certificates. */
const ETC_ENTRIES = [
  'ld.so.cache',
  'ld.so.conf',
  'ld.so.conf.d',
  'alternatives',
  'localtime',
  'nsswitch.conf',
  'passwd',
  'group',
  'hosts',
  'ssl',
  'ca-certificates',
  'mime.types',
];

function isDirectory(file: string): boolean {
  try {
    return lstatSync(file).isDirectory();
  } catch {
    return false;
  }
}

function systemArguments(): string[] {
  const args: string[] = [];
  for (const folder of SYSTEM_FOLDERS) if (isDirectory(folder)) args.push('--ro-bind', folder, folder);
  for (const link of SYSTEM_LINKS) {
    let info;
    try {
      info = lstatSync(link);
    } catch {
      continue;
    }
    if (info.isSymbolicLink()) args.push('--symlink', readlinkSync(link), link);
    else if (info.isDirectory()) args.push('--ro-bind', link, link);
  }
  const etc = [...ETC_ENTRIES, ...safeList('/etc').filter((name) => name.startsWith('python'))];
  // Made readable first: a folder bubblewrap creates for a bind would be 0700, closed to an unprivileged user.
  args.push('--perms', '0755', '--dir', '/etc');
  for (const name of etc) {
    const file = path.join('/etc', name);
    if (existsSync(file)) args.push('--ro-bind', realpathSync(file), file);
  }
  return args;
}

function safeList(folder: string): string[] {
  try {
    return readdirSync(folder);
  } catch {
    return [];
  }
}

/** Folders bubblewrap creates itself; a bind below them needs no folder made for it. */
const MOUNTED = ['/usr', '/dev', '/proc', '/tmp'];

/**
 * Arguments that create every missing parent of the bind points, readable by the unprivileged user
 * the sandbox may run as (bubblewrap would otherwise make them 0700 and the user could not pass).
 */
function parentArguments(points: string[]): string[] {
  const made = new Set<string>();
  const args: string[] = [];
  for (const point of points) {
    const parents: string[] = [];
    for (let parent = path.dirname(point); parent !== path.dirname(parent); parent = path.dirname(parent))
      parents.unshift(parent);
    for (const parent of parents) {
      if (made.has(parent) || MOUNTED.includes(parent)) continue;
      // A parent inside another bind already exists there.
      if (points.some((other) => other !== point && isWithin(other, parent))) continue;
      made.add(parent);
      args.push('--perms', '0755', '--dir', parent);
    }
  }
  return args;
}

/** The writable folders as mounted: real paths, none inside another (a bounded workspace's order). */
export function writableFolders(mounts: Pick<Mounts, 'writable'>): string[] {
  return outermost(mounts.writable.map((file) => realpathSync(file)));
}

export function mountArguments(mounts: Mounts): string[] {
  const real = (file: string) => realpathSync(file);
  const system = (file: string) => SYSTEM_FOLDERS.some((folder) => isWithin(folder, file));
  const writable = writableFolders(mounts);
  // A readable folder inside a writable one (or inside /usr) is already there.
  const readable = outermost(mounts.readable.filter((file) => existsSync(file)).map(real)).filter(
    (file) => !system(file) && !writable.some((folder) => isWithin(folder, file)),
  );
  // A /proc of its own: with a pid namespace it shows the sandbox's processes only.
  const args = [...systemArguments(), '--dev', '/dev', '--proc', '/proc'];
  args.push('--perms', '1777', '--size', String(mounts.tmpBytes), '--tmpfs', '/tmp');
  const points = [...readable, ...writable].sort((left, right) => left.length - right.length);
  args.push(...parentArguments(points));
  const bounded = mounts.workspaceBytes;
  for (const point of points) {
    if (!writable.includes(point)) args.push('--ro-bind', point, point);
    else if (bounded === undefined) args.push('--bind', point, point);
    else args.push(...boundedWorkspaceMount(point, writable.indexOf(point), bounded));
  }
  if (bounded !== undefined && writable.length > 0) args.unshift(...HOST_WORKSPACES_MOUNT);
  return args;
}
