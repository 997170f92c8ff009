import { z } from 'zod';
import { checkProfile, profileIdSchema, profileShape } from '../../shared/ipc/schemas';
import { monitorViewSchema, themePreferenceSchema } from '../../shared/ipc/settings-schemas';
import { quoted } from '../../shared/text/quote';

/**
 * The settings file: connection profiles and app settings in one JSON document. Objects are
 * loose (unknown keys kept) so that a settings file written by a newer version survives a
 * round trip through an older one; the known fields are checked strictly.
 */

export const profileSchema = z.looseObject(profileShape).superRefine(checkProfile);
export type Profile = z.infer<typeof profileSchema>;

const windowBoundsSchema = z.looseObject({
  x: z.number().int().optional(),
  y: z.number().int().optional(),
  width: z.number().int().min(200).max(20_000),
  height: z.number().int().min(150).max(20_000),
  maximized: z.boolean().optional(),
});

const appSettingsSchema = z.looseObject({
  theme: themePreferenceSchema.default('system'),
  lastProfile: profileIdSchema.nullable().default(null),
  windowBounds: windowBoundsSchema.nullable().default(null),
  editorFontSize: z.number().int().min(8).max(40).default(14),
  recentFiles: z.array(z.string().max(4096)).max(20).default([]),
  /** Start the embedded simulator at launch (the built-in profiles need it). */
  simulatorAutoStart: z.boolean().default(true),
  logLevel: z.enum(['debug', 'info', 'warn', 'error']).default('info'),
  /**
   * The job monitor's filters, sort, row cursor and open job (the UI's, see settings-schemas).
   * One that no longer fits (a newer version's, a hand edit) is dropped, never the whole file.
   */
  monitorView: monitorViewSchema.nullable().default(null).catch(null),
});

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
          message: `duplicate profile id ${quoted(p.id, "'")}`,
        });
      }
      seen.add(p.id);
    });
  });
export type Settings = z.infer<typeof settingsSchema>;
