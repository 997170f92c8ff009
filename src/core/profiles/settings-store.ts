import { promises as fs } from 'node:fs';
import { pathIssues } from '../../shared/variants/issues';
import { writeFileAtomic } from '../../node-kit/fs/atomic-write';
import { describeStorageFailure } from '../../node-kit/fs/storage-failure';
import { withBuiltinProfiles } from './builtin';
import { ProfileError } from './errors';
import type { Settings } from './schema';
import { SETTINGS_VERSION, settingsSchema } from './schema';

/** A settings file that could not be used: where it went and why. Shown to the person. */
export interface SettingsProblem {
  kind: 'corrupt';
  file: string;
  /** The unreadable file, kept for the person (or support) to repair. */
  movedTo: string;
  reason: string;
  at: string;
}

export interface LoadedSettings {
  settings: Settings;
  problem: SettingsProblem | null;
}

function defaultSettings(): Settings {
  const settings = settingsSchema.parse({ version: SETTINGS_VERSION });
  return { ...settings, profiles: withBuiltinProfiles(settings.profiles) };
}

/**
 * The settings file, shared by the app and the `qjob` command. Writes are atomic; a file that
 * is not valid JSON or does not fit the schema is moved aside as `settings.json.corrupt-<time>`
 * and reported, never silently overwritten: the person's profiles may still be in it.
 */
export class SettingsStore {
  readonly file: string;
  readonly #now: () => Date;
  #queue: Promise<unknown> = Promise.resolve();

  constructor(options: { file: string; now?: () => Date }) {
    this.file = options.file;
    this.#now = options.now ?? (() => new Date());
  }

  async load(): Promise<LoadedSettings> {
    let text: string;
    try {
      text = await fs.readFile(this.file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT')
        return { settings: defaultSettings(), problem: null };
      throw new ProfileError(
        'io',
        `The settings file ${this.file} could not be read: ${(error as Error).message}`,
        {
          cause: error,
        },
      );
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (error) {
      return this.#setAside(`it is not valid JSON (${(error as Error).message})`);
    }
    const parsed = settingsSchema.safeParse(json);
    if (!parsed.success) {
      const issues = pathIssues(parsed.error.issues);
      const first = issues.slice(0, 3).map((i) => `${i.path || '(root)'}: ${i.message}`);
      return this.#setAside(`it does not fit the settings format (${first.join('; ')})`);
    }
    return {
      settings: { ...parsed.data, profiles: withBuiltinProfiles(parsed.data.profiles) },
      problem: null,
    };
  }

  /** Validates and writes the whole file. */
  async save(settings: Settings): Promise<void> {
    const parsed = settingsSchema.safeParse(settings);
    if (!parsed.success) {
      const issues = pathIssues(parsed.error.issues);
      throw new ProfileError(
        'invalid',
        `The settings were not saved: ${issues.map((i) => `${i.path}: ${i.message}`).join('; ')}`,
        {
          issues,
        },
      );
    }
    // The simulator's URL changes every run; storing it would point the next run at nothing.
    const profiles = parsed.data.profiles.map((p) => {
      if (!p.builtin) return p;
      const { baseUrl: _runtimeOnly, ...rest } = p;
      return rest;
    });
    try {
      await writeFileAtomic(
        this.file,
        JSON.stringify({ ...parsed.data, profiles }, null, 2) + '\n',
      );
    } catch (error) {
      throw new ProfileError(
        'io',
        `The settings file ${this.file} could not be written (${describeStorageFailure(error)}); the settings were not changed.`,
        {
          cause: error,
        },
      );
    }
  }

  /**
   * Read, change, write, serialised within this process. The change returns the new settings
   * (or mutates and returns nothing). The load's problem, if any, is passed on to report.
   */
  update(change: (settings: Settings) => Settings | void): Promise<LoadedSettings> {
    const run = this.#queue.then(async () => {
      const loaded = await this.load();
      const next = change(loaded.settings) ?? loaded.settings;
      await this.save(next);
      return { settings: next, problem: loaded.problem };
    });
    this.#queue = run.catch(() => undefined);
    return run;
  }

  async #setAside(reason: string): Promise<LoadedSettings> {
    const at = this.#now();
    const movedTo = `${this.file}.corrupt-${at.toISOString().replace(/[:.]/g, '-')}`;
    try {
      await fs.rename(this.file, movedTo);
    } catch (error) {
      // If it cannot be moved it must not be overwritten either: refuse to go on.
      throw new ProfileError(
        'io',
        `The settings file ${this.file} is unusable (${reason}) and could not be moved aside: ${(error as Error).message}`,
        { cause: error },
      );
    }
    return {
      settings: defaultSettings(),
      problem: { kind: 'corrupt', file: this.file, movedTo, reason, at: at.toISOString() },
    };
  }
}

export function describeSettingsProblem(problem: SettingsProblem): string {
  return `The settings file ${problem.file} could not be used: ${problem.reason}. It was kept as ${problem.movedTo}; default settings are in use.`;
}
