import { z } from 'zod';
import {
  appInfoSchema,
  cacheStatusSchema,
  connectionEventSchema,
  connectionTestSchema,
  DETAIL_FIELDS,
  detailFieldSchema,
  devicesViewSchema,
  fileResultSchema,
  jobDetailViewSchema,
  jobInfoViewSchema,
  jobLiveEventSchema,
  jobStatusEventSchema,
  profileIdSchema,
  profileSchema,
  storeReasonSchema,
  sessionStateSchema,
  submitInputSchema,
  submitResultSchema,
  templateSchema,
  timelineEntrySchema,
  uiCommandSchema,
  variantIdSchema,
} from './schemas';
import { deviceHistoryViewSchema, estimatesViewSchema } from './estimate-schemas';
import { batchCalls, batchChangedEventSchema } from './batch-schemas';
import { DOCUMENT_MAX_CHARS, DRAFTS_MAX_TOTAL_BYTES, formatMegabytes } from './limits';
import { handoverCalls } from './handover-calls';
import { driftCalls } from './drift-schemas';
import { settingsCalls } from './settings-schemas';
import type { CallNameFromList, EventNameFromList } from './names';
import { CALL_NAME_LIST } from './names';

/**
 * The one contract between the UI and the process that owns the service session
 * (docs/architecture.md, "One contract, three transports"). Each call takes one argument object
 * (or nothing) and returns one value; the receiving side validates `input` before a handler runs.
 * Adding a feature means: an entry here, its handler in src/core/app/handlers/<namespace>.ts (the
 * compiler asks for it there), the UI.
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
  'app.respondToClose': call(
    z.strictObject({ proceed: z.boolean() }),
    z.null(),
    'Answer an `app.closeRequested` event: `proceed: true` closes the window, `false` keeps it. The page ' +
      'may ask the person first; a page that does not answer and does not respond is closed after 3 s.',
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

  'session.get': call(
    none,
    sessionStateSchema,
    'Who is logged in, until when, where the secret is.',
  ),
  'session.login': call(
    z.strictObject({ user: z.string().min(1).max(200), apiKey: z.string().min(1).max(4096) }),
    sessionStateSchema,
    'Log in to the active profile. The API key never comes back.',
  ),
  'session.logout': call(none, sessionStateSchema, 'Log out and delete the stored token.'),

  'connection.get': call(
    none,
    connectionEventSchema.nullable(),
    'Whether the active connection’s service answered its latest calls (null without a profile); ' +
      'changes arrive as `connection.changed`.',
  ),

  'devices.list': call(
    z.strictObject({ refresh: z.boolean().optional() }),
    devicesViewSchema,
    'The devices of the active connection; `refresh` fetches now instead of the last refresh.',
  ),
  'jobs.list': call(
    z.strictObject({
      refresh: z.boolean().optional(),
      /** Only the jobs of one device (its integer `id`), for the device panel's detail. */
      deviceId: z.number().int().optional(),
      /** Answer from the local store only, at once (the monitor's first paint with many jobs). */
      cachedOnly: z.boolean().optional(),
    }),
    z.strictObject({
      jobs: z.array(jobInfoViewSchema),
      fetchedAt: z.string(),
      fromCache: z.boolean(),
      /** Why the service was not asked or did not answer, when `fromCache`. */
      offline: z.string().nullable().optional(),
      /** Which of the two (the UI says "offline" only when it did not answer). */
      storeReason: storeReasonSchema.nullable().optional(),
      cache: cacheStatusSchema.optional(),
    }),
    'Every job of the active connection (lightweight form).',
  ),
  'jobs.get': call(
    z
      .strictObject({
        id: z.number().int().nonnegative(),
        full: z.boolean().optional(),
        /** Only these parts (a running job's `logs`); the record's fields come with any lookup. */
        fields: z.array(detailFieldSchema).min(1).max(DETAIL_FIELDS.length).optional(),
      })
      .refine((input) => !(input.full && input.fields), {
        message: 'ask for `full` or for some `fields`, not both',
        path: ['fields'],
      }),
    jobDetailViewSchema,
    'One job; `full` asks for payload, result, logs and errors, `fields` for some of them only.',
  ),
  'jobs.submit': call(submitInputSchema, submitResultSchema, 'Validate and submit a payload.'),
  'jobs.cancel': call(
    z.strictObject({ id: z.number().int().nonnegative() }),
    z.null(),
    'Cancel a job where the connection can: the built-in simulator profiles, or a profile naming a ' +
      'cancel endpoint (`paths.cancel`); elsewhere it fails with `unsupported`. The `cancelled` ' +
      'status then arrives as a `jobs.status` event.',
  ),
  'jobs.watch': call(
    z.strictObject({ ids: z.array(z.number().int().nonnegative()).max(10_000) }),
    z.null(),
    'Watch these jobs until they end; status changes arrive as events.',
  ),
  'jobs.follow': call(
    z.strictObject({ profileId: profileIdSchema, id: z.number().int().nonnegative() }),
    z.null(),
    "Follow a job of the active connection until it ends or `jobs.unfollow`: the core's poller " +
      'looks up its record and logs at its cadence and sends their changes as `jobs.live` events. ' +
      'Fails with `busy` past the number of jobs followed at once; a job of another connection ' +
      'than the active one is refused.',
  ),
  'jobs.unfollow': call(
    z.strictObject({ profileId: profileIdSchema, id: z.number().int().nonnegative() }),
    z.null(),
    'Undo one `jobs.follow` (nothing when the connection is no longer active).',
  ),

  'jobs.history': call(
    z.strictObject({ id: z.number().int().nonnegative() }),
    z.strictObject({ entries: z.array(timelineEntrySchema) }),
    'The status changes of a job that this app has seen, oldest first.',
  ),
  'estimates.get': call(
    none,
    estimatesViewSchema,
    'How long finished jobs took per device and job type (the newest of each), and when running ' +
      'jobs started, for the estimates of when jobs end and the stuck flag (src/shared/estimates).',
  ),
  'deviceHistory.list': call(
    z.strictObject({
      code: z.string().min(1).max(200),
      days: z.number().int().min(1).max(30).optional(),
    }),
    deviceHistoryViewSchema,
    "A device's statuses and notices this app saw over the last `days` (default 7), oldest first.",
  ),
  'diagnostics.build': call(
    z.strictObject({ id: z.number().int().nonnegative() }),
    z.strictObject({ text: z.string(), fileName: z.string() }),
    'A support-ticket text about one job (detail, timeline, last log lines, app, profile, OS), secrets redacted.',
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
    z.strictObject({
      path: z.string().max(4096).nullable(),
      text: z.string().max(DOCUMENT_MAX_CHARS),
    }),
    z.strictObject({ path: z.string() }).nullable(),
    'Save to a path, or ask where with the native dialog when path is null.',
  ),
  'drafts.load': call(
    none,
    z.array(
      z.strictObject({
        id: z.string(),
        title: z.string(),
        text: z.string(),
        path: z.string().nullable(),
        jobName: z.string().optional(),
        clean: z.boolean().optional(),
        active: z.boolean().optional(),
      }),
    ),
    'Autosaved editor tabs, so a crash loses nothing.',
  ),
  'drafts.save': call(
    z.strictObject({
      tabs: z
        .array(
          z.strictObject({
            id: z.string().max(100),
            title: z.string().max(300),
            text: z.string().max(DOCUMENT_MAX_CHARS),
            path: z.string().max(4096).nullable(),
            /** The job name typed for the tab, when one was. */
            jobName: z.string().max(200).optional(),
            /** The tab had no unsaved changes (a template as it came, a file as saved). */
            clean: z.boolean().optional(),
            /** The tab in front. */
            active: z.boolean().optional(),
          }),
        )
        .max(100)
        // Counted in UTF-16 units, never more than the UTF-8 bytes the page counts: a set the
        // page found small enough always passes.
        .refine((tabs) => tabs.reduce((n, t) => n + t.text.length, 0) <= DRAFTS_MAX_TOTAL_BYTES, {
          message: `the drafts together may hold up to ${formatMegabytes(DRAFTS_MAX_TOTAL_BYTES)} of text`,
        }),
    }),
    z.null(),
    `Autosave the editor tabs (up to ${formatMegabytes(DRAFTS_MAX_TOTAL_BYTES)} of text in all).`,
  ),
  ...batchCalls,
  ...handoverCalls,
  ...driftCalls,
  ...settingsCalls,
} as const;

export const events = {
  'session.changed': sessionStateSchema,
  'devices.updated': devicesViewSchema,
  'jobs.status': jobStatusEventSchema,
  /** A followed job's record and logs changed (`jobs.follow`). */
  'jobs.live': jobLiveEventSchema,
  'connection.changed': connectionEventSchema,
  /** A menu item or accelerator of the desktop app asks the UI to do something. */
  'ui.command': uiCommandSchema,
  /** The window is about to close: answer with `app.respondToClose` (unsaved-changes guard). */
  'app.closeRequested': z.strictObject({}),
  /** A batch or one of its members changed: ask `batches.get` for it. */
  'batches.changed': batchChangedEventSchema,
} as const;

export type Calls = typeof calls;
export type CallName = keyof Calls;
/** What a caller passes. */
export type CallInput<N extends CallName> = z.input<Calls[N]['input']>;
/** What a handler receives: the input after the contract's schema parsed it. */
export type CallArgs<N extends CallName> = z.output<Calls[N]['input']>;
export type CallOutput<N extends CallName> = z.output<Calls[N]['output']>;
export type Events = typeof events;
export type EventName = keyof Events;
export type EventPayload<N extends EventName> = z.output<Events[N]>;

/** The object the preload exposes as `window.qjob` (and browser mode provides over a WebSocket). */
export interface QjobApi {
  call<N extends CallName>(name: N, input: CallInput<N>): Promise<CallOutput<N>>;
  on<N extends EventName>(name: N, listener: (payload: EventPayload<N>) => void): () => void;
}

export const CALL_NAMES: readonly CallName[] = CALL_NAME_LIST;

/** The zod-free name lists of `names.ts` must be exactly the contract's keys (checked both ways). */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const namesMatch: [Same<CallName, CallNameFromList>, Same<EventName, EventNameFromList>] = [
  true,
  true,
];
void namesMatch;

export function isCallName(value: unknown): value is CallName {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(calls, value);
}
