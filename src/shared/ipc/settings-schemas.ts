import { z } from 'zod';
import { JOB_STATUSES } from '../variants/enums';

/*
 * What the UI keeps between runs in the settings file (the same file as the connection
 * profiles), rather than in the page's storage: browser mode's page gets a new origin (port) at
 * every launch, so anything kept by the page was lost at each restart.
 */

export const themePreferenceSchema = z.enum(['system', 'light', 'dark']);

const day = z.union([z.literal(''), z.string().regex(/^\d{4}-\d{2}-\d{2}$/)]);

/** The job monitor as the person arranged it: filters, sort, the row cursor, the open job. */
export const monitorViewSchema = z.strictObject({
  /** The connection the selection belongs to (a job id means nothing on another one). */
  profileId: z.string().max(200).nullable(),
  filters: z.strictObject({
    statuses: z.array(z.enum([...JOB_STATUSES, 'unknown'])).max(JOB_STATUSES.length + 1),
    deviceIds: z.array(z.number().int()).max(100),
    jobTypes: z.array(z.string().max(100)).max(50),
    from: day,
    to: day,
    query: z.string().max(500),
    tags: z.array(z.string().max(100)).max(50),
  }),
  sort: z.strictObject({
    key: z.enum(['id', 'name', 'device', 'status', 'jobType', 'created', 'duration']),
    dir: z.enum(['asc', 'desc']),
  }),
  selectedId: z.number().int().nonnegative().nullable(),
  openId: z.number().int().nonnegative().nullable(),
  tab: z.enum(['summary', 'payload', 'result', 'logs', 'errors']),
});
export type MonitorView = z.infer<typeof monitorViewSchema>;

export const uiSettingsSchema = z.strictObject({
  theme: themePreferenceSchema,
  /** Null until the monitor was first arranged. */
  monitorView: monitorViewSchema.nullable(),
});
export type UiSettings = z.infer<typeof uiSettingsSchema>;

export const settingsCalls = {
  'settings.get': {
    input: z.strictObject({}),
    output: uiSettingsSchema,
    doc: 'What the UI keeps between runs in the settings file: the theme and the job monitor’s view.',
  },
  'settings.update': {
    input: z.strictObject({
      theme: themePreferenceSchema.optional(),
      monitorView: monitorViewSchema.nullable().optional(),
    }),
    output: z.null(),
    doc: 'Change some of what the UI keeps between runs (the fields given; the others stay).',
  },
} as const;
