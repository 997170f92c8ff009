import type { QjobApi } from '../../../shared/ipc/contract';

/**
 * `window.qjob` exists only in the desktop app (the preload puts it there). Use `getQjob()` from
 * `./index` instead of reading it directly: it also covers browser mode and turns failed calls
 * into `QjobCallError`s (the context bridge drops an Error's custom fields such as `code`).
 */
declare global {
  interface Window {
    qjob?: QjobApi;
  }
}

export {};
