import type { VariantId } from '../../shared/variants/declaration';
import type { SecretStore } from '../auth/secret-store';
import type { FetchLike } from '../client/transport';
import type { Logger } from '../logging/logger';
import type { SettingsStore } from '../profiles/settings-store';
import type { HandlerTable } from './dispatch';
import type { EventHub } from './event-hub';

/** A job that ended, for a desktop notification (the shell decides whether to show it). */
export interface JobEndedNotice {
  profileId: string;
  jobId: number;
  status: 'completed' | 'error' | 'cancelled' | 'timeout';
  name: string | null;
  title: string;
  body: string;
}

/** Native file dialogs; only the desktop app has them (browser mode uploads and downloads). */
export interface FileDialogs {
  /** Null when cancelled. */
  openYaml(): Promise<{ path: string; text: string } | null>;
  /** Saves to `path`, or asks where first when it is null (or not one the person chose). */
  saveYaml(path: string | null, text: string): Promise<{ path: string } | null>;
}

export interface AppCoreOptions {
  /** Where profiles, drafts, logs and the embedded simulators' data live. */
  dataDir: string;
  /**
   * Electron's net.fetch in the app, Node's fetch elsewhere (docs/architecture.md, "One network
   * path").
   */
  fetch: FetchLike;
  /** Called once; the desktop app tries the keychain, then safeStorage, then memory. */
  secretStoreFactory: () => Promise<SecretStore>;
  shell: 'electron' | 'web';
  appName?: string;
  appVersion?: string;
  /** Folder holding `templates/a` and `templates/b`. */
  resourcesDir: string;
  logger?: Logger;
  /** The app's log file, shown in app.info and opened by "open log folder". */
  logFile?: string | null;
  /** Start with this profile active instead of the remembered one (browser mode's --variant). */
  initialProfileId?: string;
  /** The embedded simulators: physics speed-up (tests), seed. */
  simulator?: { speed?: number; seed?: number };
  /** How often the device list is refreshed while a session is active. */
  deviceRefreshMs?: number;
  /** Check every answer against the contract's output schema (tests, development). */
  checkOutput?: boolean;
  notify?: (notice: JobEndedNotice) => void;
  openExternal?: (url: string) => Promise<void>;
  openPath?: (path: string) => Promise<void>;
  dialogs?: FileDialogs;
  /** The desktop shell's close guard: the renderer's answer to `app.closeRequested`. */
  onCloseResponse?: (proceed: boolean) => void;
}

/** The contract implemented once; every transport carries `handlers` and `events`. */
export interface AppCore {
  readonly handlers: HandlerTable;
  readonly events: EventHub;
  readonly logger: Logger;
  /** The settings file; the desktop shell keeps the window's bounds in it too (one writer). */
  readonly settings: SettingsStore;
  /** Stops timers, pollers and the embedded simulators. */
  dispose(): Promise<void>;
}

export type { VariantId };
