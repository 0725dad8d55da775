// The simulated home behind the smart_home agent: six rooms of lights, a thermostat, four doors
// and five scenes, changed and reported by the agent's tools. Deterministic: the same calls from
// the same state always give the same state and the same answer.
//
// State per conversation lives in the conversation's knowledge: every tool returns the whole home
// as `knowledge_delta.home`, and the runner hands the accumulated knowledge to the next tool. A
// conversation that starts from a dataset case's conversation so far has no results for the calls
// made in it (the set gives none), so before its first tool call the home is rebuilt by replaying
// those calls (`knowledge.prior_calls`, see lib/datasets/to-input.ts) on the default home. So
// "and the kitchen too" or "make it 70" act on the home the earlier turns describe.
import { z } from 'zod';

export const ROOMS = ['living_room', 'bedroom', 'kitchen', 'bathroom', 'office', 'hallway'] as const;
export const DOORS = ['front', 'back', 'garage', 'side'] as const;
export const SCENES = ['movie_night', 'bedtime', 'morning', 'away', 'party'] as const;
export const MODES = ['heat', 'cool', 'auto'] as const;

export type Room = (typeof ROOMS)[number];
export type Door = (typeof DOORS)[number];
export type Scene = (typeof SCENES)[number];

const Switch = z.enum(['on', 'off']);
const Lock = z.enum(['locked', 'unlocked']);

export const HomeSchema = z.object({
  lights: z.object(Object.fromEntries(ROOMS.map((room) => [room, Switch])) as Record<Room, typeof Switch>),
  thermostat: z.object({ temperature: z.number().int(), mode: z.enum(MODES) }),
  doors: z.object(Object.fromEntries(DOORS.map((door) => [door, Lock])) as Record<Door, typeof Lock>),
  scene: z.enum(SCENES).nullable(),
});
export type Home = z.infer<typeof HomeSchema>;

/** Every light off, 70°F on auto, every door locked, no scene. */
export function defaultHome(): Home {
  return {
    lights: { living_room: 'off', bedroom: 'off', kitchen: 'off', bathroom: 'off', office: 'off', hallway: 'off' },
    thermostat: { temperature: 70, mode: 'auto' },
    doors: { front: 'locked', back: 'locked', garage: 'locked', side: 'locked' },
    scene: null,
  };
}

/** What each scene does: the lights it turns on (all others off), the thermostat, and whether it locks every door. */
export const SCENE_SETTINGS: Record<
  Scene,
  { lightsOn: Room[]; temperature: number; mode: Home['thermostat']['mode']; lockDoors: boolean }
> = {
  movie_night: { lightsOn: ['hallway'], temperature: 71, mode: 'auto', lockDoors: false },
  bedtime: { lightsOn: [], temperature: 66, mode: 'heat', lockDoors: true },
  morning: { lightsOn: ['kitchen', 'bathroom', 'hallway'], temperature: 71, mode: 'heat', lockDoors: false },
  away: { lightsOn: [], temperature: 62, mode: 'auto', lockDoors: true },
  party: { lightsOn: ['living_room', 'kitchen', 'hallway'], temperature: 68, mode: 'cool', lockDoors: false },
};

export type HomeAnswer = {
  home: Home;
  outcome: 'success' | 'error';
  result: unknown;
  summary: string;
  error?: string;
};

const words = (name: string) => name.replace(/_/g, ' ');

/** Applies one tool call to a copy of the home. Arguments have passed the tool's schema already. */
export function applyCall(current: Home, name: string, args: Record<string, unknown>): HomeAnswer {
  const home = structuredClone(current);
  switch (name) {
    case 'toggle_lights': {
      const state = args.state as 'on' | 'off' | undefined;
      if (!state) return refuse(home, 'say whether to turn the lights on or off (state "on" or "off")');
      const rooms = args.room ? [args.room as Room] : [...ROOMS];
      for (const room of rooms) home.lights[room] = state;
      const where = args.room ? `the ${words(args.room as string)}` : 'every room';
      return done(home, { lights: pick(home.lights, rooms) }, `turned the lights ${state} in ${where}`);
    }
    case 'set_thermostat': {
      if (args.temperature === undefined && args.mode === undefined)
        return refuse(home, 'give a temperature (60 to 80 °F), a mode (heat, cool or auto), or both');
      if (typeof args.temperature === 'number') home.thermostat.temperature = args.temperature;
      if (typeof args.mode === 'string') home.thermostat.mode = args.mode as Home['thermostat']['mode'];
      return done(
        home,
        { thermostat: home.thermostat },
        `thermostat set to ${home.thermostat.temperature}°F on ${home.thermostat.mode}`,
      );
    }
    case 'lock_door': {
      const state = args.state as 'lock' | 'unlock' | undefined;
      if (!state) return refuse(home, 'say whether to lock or unlock (state "lock" or "unlock")');
      const doors = args.door ? [args.door as Door] : [...DOORS];
      for (const door of doors) home.doors[door] = state === 'lock' ? 'locked' : 'unlocked';
      const which = args.door ? `the ${args.door} door` : 'every door';
      return done(home, { doors: pick(home.doors, doors) }, `${state === 'lock' ? 'locked' : 'unlocked'} ${which}`);
    }
    case 'get_device_status':
      return status(home, (args.device_type as string | undefined) ?? 'all', args.room as string | undefined);
    case 'set_scene': {
      const scene = args.scene as Scene | undefined;
      if (!scene) return refuse(home, `say which scene: ${SCENES.join(', ')}`);
      const settings = SCENE_SETTINGS[scene];
      for (const room of ROOMS) home.lights[room] = settings.lightsOn.includes(room) ? 'on' : 'off';
      home.thermostat = { temperature: settings.temperature, mode: settings.mode };
      if (settings.lockDoors) for (const door of DOORS) home.doors[door] = 'locked';
      home.scene = scene;
      return done(
        home,
        { scene, lights: home.lights, thermostat: home.thermostat, doors: home.doors },
        `scene ${words(scene)} is on`,
      );
    }
    case 'intent_unclear': {
      const reason = (args.reason as string | undefined) ?? 'ambiguous';
      return done(home, { understood: false, reason }, `nothing changed; ask the user to rephrase (${words(reason)})`);
    }
    default:
      return refuse(home, `the home has no tool "${name}"`);
  }
}

function status(home: Home, deviceType: string, place: string | undefined): HomeAnswer {
  const normalized = place
    ?.trim()
    .toLowerCase()
    .replace(/\s+/g, '_')
    .replace(/_door$/, '');
  if (deviceType === 'lights' || deviceType === 'door') {
    const names: readonly string[] = deviceType === 'lights' ? ROOMS : DOORS;
    if (normalized && !names.includes(normalized))
      return refuse(
        home,
        `there is no ${deviceType === 'lights' ? 'room' : 'door'} "${place}"; known: ${names.join(', ')}`,
      );
    const all = deviceType === 'lights' ? home.lights : home.doors;
    const shown = normalized ? { [normalized]: (all as Record<string, string>)[normalized] } : all;
    return done(
      home,
      { [deviceType === 'lights' ? 'lights' : 'doors']: shown },
      `status of the ${deviceType === 'lights' ? 'lights' : 'doors'}${normalized ? ` (${words(normalized)})` : ''}`,
    );
  }
  if (deviceType === 'thermostat')
    return done(
      home,
      { thermostat: home.thermostat },
      `thermostat: ${home.thermostat.temperature}°F on ${home.thermostat.mode}`,
    );
  return done(home, home, 'status of the whole home');
}

function pick<Key extends string>(values: Record<Key, string>, keys: Key[]): Partial<Record<Key, string>> {
  return Object.fromEntries(keys.map((key) => [key, values[key]])) as Partial<Record<Key, string>>;
}

function done(home: Home, result: unknown, summary: string): HomeAnswer {
  return { home, outcome: 'success', result, summary };
}

function refuse(home: Home, error: string): HomeAnswer {
  return { home, outcome: 'error', result: null, summary: error, error };
}

const PriorCalls = z.array(z.object({ name: z.string(), arguments: z.record(z.string(), z.unknown()) }));

/**
 * The home of this conversation: the last one a tool reported, else the default home with the conversation's earlier
 * calls replayed.
 */
export function homeFromKnowledge(knowledge: Record<string, unknown>): Home {
  const reported = HomeSchema.safeParse(knowledge.home);
  if (reported.success) return reported.data;
  const prior = PriorCalls.safeParse(knowledge.prior_calls);
  let home = defaultHome();
  // Replayed calls that make no sense (a wrong argument) change nothing, as they would not have then.
  for (const call of prior.success ? prior.data : [])
    home = applyCall(home, call.name, sanitize(call.name, call.arguments)).home;
  return home;
}

const ALLOWED: Record<string, Record<string, readonly unknown[] | 'integer' | 'string'>> = {
  toggle_lights: { room: ROOMS, state: ['on', 'off'] },
  set_thermostat: { temperature: 'integer', mode: MODES },
  lock_door: { door: DOORS, state: ['lock', 'unlock'] },
  get_device_status: { device_type: ['lights', 'thermostat', 'door', 'all'], room: 'string' },
  set_scene: { scene: SCENES },
  intent_unclear: { reason: ['ambiguous', 'off_topic', 'incomplete', 'unsupported_device'] },
};

/** Prior calls were never checked against the schemas: keep only the arguments the tool would have accepted. */
function sanitize(name: string, args: Record<string, unknown>): Record<string, unknown> {
  const allowed = ALLOWED[name] ?? {};
  const kept: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(args)) {
    const rule = allowed[key];
    if (
      rule === 'integer'
        ? Number.isInteger(value) && (value as number) >= 60 && (value as number) <= 80
        : rule === 'string'
          ? typeof value === 'string'
          : rule?.includes(value)
    )
      kept[key] = value;
  }
  return kept;
}
