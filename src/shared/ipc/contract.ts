import { z } from 'zod';
import {
  appInfoSchema,
  connectionEventSchema,
  connectionTestSchema,
  devicesViewSchema,
  fileResultSchema,
  jobDetailViewSchema,
  jobInfoViewSchema,
  jobStatusEventSchema,
  profileIdSchema,
  profileSchema,
  sessionStateSchema,
  submitInputSchema,
  submitResultSchema,
  templateSchema,
  variantIdSchema,
} from './schemas';

/**
 * The one contract between the UI and the process that owns the service session
 * (design.md "One contract, three transports"). Each call takes one argument object (or
 * nothing) and returns one value; the receiving side validates `input` before a handler runs.
 * Adding a feature means: an entry here, a handler in src/core, the UI.
 */
const call = <I extends z.ZodType, O extends z.ZodType>(input: I, output: O, doc: string) => ({
  input,
  output,
  doc,
});
const none = z.strictObject({});

export const calls = {
  'app.info': call(none, appInfoSchema, 'Name, version and where the app keeps its data.'),
  'app.openLogFolder': call(none, z.null(), "Open the folder with the app's own log."),
  'app.openExternal': call(
    z.strictObject({ url: z.string().url().max(2000) }),
    z.boolean(),
    'Open an https link in the system browser, after a check.',
  ),

  'profiles.list': call(
    none,
    z.strictObject({ profiles: z.array(profileSchema), activeId: profileIdSchema.nullable() }),
    'Connection profiles and the active one.',
  ),
  'profiles.save': call(profileSchema, profileSchema, 'Create or update a profile.'),
  'profiles.delete': call(z.strictObject({ id: profileIdSchema }), z.null(), 'Delete a profile.'),
  'profiles.activate': call(
    z.strictObject({ id: profileIdSchema }),
    sessionStateSchema,
    'Switch to a profile; the simulator profiles log in by themselves.',
  ),
  'profiles.testConnection': call(
    profileSchema,
    connectionTestSchema,
    'Try a profile without saving it: reachability, the devices list.',
  ),

  'session.get': call(none, sessionStateSchema, 'Who is logged in, until when, where the secret is.'),
  'session.login': call(
    z.strictObject({ user: z.string().min(1).max(200), apiKey: z.string().min(1).max(4096) }),
    sessionStateSchema,
    'Log in to the active profile. The API key never comes back.',
  ),
  'session.logout': call(none, sessionStateSchema, 'Log out and delete the stored token.'),

  'devices.list': call(none, devicesViewSchema, 'The devices of the active connection.'),
  'jobs.list': call(
    z.strictObject({ refresh: z.boolean().optional() }),
    z.strictObject({
      jobs: z.array(jobInfoViewSchema),
      fetchedAt: z.string(),
      fromCache: z.boolean(),
    }),
    'Every job of the active connection (lightweight form).',
  ),
  'jobs.get': call(
    z.strictObject({ id: z.number().int().nonnegative(), full: z.boolean().optional() }),
    jobDetailViewSchema,
    'One job; `full` asks for payload, result, logs and errors.',
  ),
  'jobs.submit': call(submitInputSchema, submitResultSchema, 'Validate and submit a payload.'),
  'jobs.cancel': call(
    z.strictObject({ id: z.number().int().nonnegative() }),
    z.null(),
    'Cancel a job (where the service supports it: the simulator does).',
  ),
  'jobs.watch': call(
    z.strictObject({ ids: z.array(z.number().int().nonnegative()).max(10_000) }),
    z.null(),
    'Watch these jobs until they end; status changes arrive as events.',
  ),

  'templates.list': call(
    z.strictObject({ variant: variantIdSchema }),
    z.array(templateSchema),
    'Runnable payload templates of a variant.',
  ),
  'files.open': call(
    none,
    fileResultSchema.nullable(),
    'Open a .yaml file with the native dialog (null when cancelled).',
  ),
  'files.save': call(
    z.strictObject({ path: z.string().max(4096).nullable(), text: z.string().max(50_000_000) }),
    z.strictObject({ path: z.string() }).nullable(),
    'Save to a path, or ask where with the native dialog when path is null.',
  ),
  'drafts.load': call(
    none,
    z.array(z.strictObject({ id: z.string(), title: z.string(), text: z.string(), path: z.string().nullable() })),
    'Autosaved editor tabs, so a crash loses nothing.',
  ),
  'drafts.save': call(
    z.strictObject({
      tabs: z
        .array(
          z.strictObject({
            id: z.string().max(100),
            title: z.string().max(300),
            text: z.string().max(50_000_000),
            path: z.string().max(4096).nullable(),
          }),
        )
        .max(100),
    }),
    z.null(),
    'Autosave the editor tabs.',
  ),
} as const;

export const events = {
  'session.changed': sessionStateSchema,
  'devices.updated': devicesViewSchema,
  'jobs.status': jobStatusEventSchema,
  'connection.changed': connectionEventSchema,
} as const;

export type Calls = typeof calls;
export type CallName = keyof Calls;
export type CallInput<N extends CallName> = z.input<Calls[N]['input']>;
export type CallOutput<N extends CallName> = z.output<Calls[N]['output']>;
export type Events = typeof events;
export type EventName = keyof Events;
export type EventPayload<N extends EventName> = z.output<Events[N]>;

/** The object the preload exposes as `window.qjob` (and browser mode provides over a WebSocket). */
export interface QjobApi {
  call<N extends CallName>(name: N, input: CallInput<N>): Promise<CallOutput<N>>;
  on<N extends EventName>(name: N, listener: (payload: EventPayload<N>) => void): () => void;
}

export const CALL_NAMES = Object.keys(calls) as CallName[];
export const EVENT_NAMES = Object.keys(events) as EventName[];

export function isCallName(value: unknown): value is CallName {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(calls, value);
}
export function isEventName(value: unknown): value is EventName {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(events, value);
}
