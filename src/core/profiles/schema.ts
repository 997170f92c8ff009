import { z } from 'zod';
import { endpointPathsSchema, profileIdSchema, variantIdSchema } from '../../shared/ipc/schemas';
import { queryFlagsSchema } from '../client/endpoints';

/**
 * The settings file: connection profiles and app settings in one JSON document. Objects are
 * loose (unknown keys kept) so that a settings file written by a newer version survives a
 * round trip through an older one; the known fields are checked strictly.
 */

export const BUILTIN_KINDS = ['simulator'] as const;

export const profileSchema = z
  .looseObject({
    id: profileIdSchema,
    name: z.string().min(1).max(80),
    /** Absent only for built-in simulator profiles, whose URL is known once the simulator runs. */
    baseUrl: z.url({ protocol: /^https?$/, message: 'must be an http or https URL' }).optional(),
    variant: variantIdSchema,
    user: z.string().min(1).max(200).optional(),
    /** The login assertion's audience; defaults to the base URL. */
    audience: z.string().max(500).optional(),
    paths: endpointPathsSchema.optional(),
    flags: queryFlagsSchema.optional(),
    pollIntervalMs: z.number().int().min(250).max(600_000).optional(),
    timeoutMs: z.number().int().min(100).max(600_000).optional(),
    builtin: z.enum(BUILTIN_KINDS).optional(),
  })
  .superRefine((p, ctx) => {
    if (!p.builtin && p.baseUrl === undefined) {
      ctx.addIssue({ code: 'custom', path: ['baseUrl'], message: 'a base URL is required' });
    }
    if (p.paths?.job !== undefined && !p.paths.job.includes('{id}')) {
      ctx.addIssue({
        code: 'custom',
        path: ['paths', 'job'],
        message: "the job path must contain '{id}'",
      });
    }
  });
export type Profile = z.infer<typeof profileSchema>;

export const windowBoundsSchema = z.looseObject({
  x: z.number().int().optional(),
  y: z.number().int().optional(),
  width: z.number().int().min(200).max(20_000),
  height: z.number().int().min(150).max(20_000),
  maximized: z.boolean().optional(),
});

export const appSettingsSchema = z.looseObject({
  theme: z.enum(['system', 'light', 'dark']).default('system'),
  lastProfile: profileIdSchema.nullable().default(null),
  windowBounds: windowBoundsSchema.nullable().default(null),
  editorFontSize: z.number().int().min(8).max(40).default(14),
  recentFiles: z.array(z.string().max(4096)).max(20).default([]),
  /** Start the embedded simulator at launch (the built-in profiles need it). */
  simulatorAutoStart: z.boolean().default(true),
  logLevel: z.enum(['debug', 'info', 'warn', 'error']).default('info'),
});
export type AppSettings = z.infer<typeof appSettingsSchema>;

export const SETTINGS_VERSION = 1;

export const settingsSchema = z
  .looseObject({
    version: z.literal(SETTINGS_VERSION),
    profiles: z.array(profileSchema).max(500).default([]),
    app: appSettingsSchema.default(() => appSettingsSchema.parse({})),
  })
  .superRefine((s, ctx) => {
    const seen = new Set<string>();
    s.profiles.forEach((p, i) => {
      if (seen.has(p.id)) {
        ctx.addIssue({
          code: 'custom',
          path: ['profiles', i, 'id'],
          message: `duplicate profile id '${p.id}'`,
        });
      }
      seen.add(p.id);
    });
  });
export type Settings = z.infer<typeof settingsSchema>;
