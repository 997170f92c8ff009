/**
 * The contract's call and event names as plain string lists, without zod. The preload imports
 * only this module so its bundle stays tiny; `contract.ts` proves at compile time (and a unit test
 * at run time) that these lists and the contract's keys are the same sets.
 */
export const CALL_NAME_LIST = [
  'app.info',
  'app.openLogFolder',
  'app.openExternal',
  'app.respondToClose',
  'profiles.list',
  'profiles.save',
  'profiles.delete',
  'profiles.activate',
  'profiles.testConnection',
  'session.get',
  'session.login',
  'session.logout',
  'connection.get',
  'devices.list',
  'jobs.list',
  'jobs.get',
  'jobs.submit',
  'jobs.cancel',
  'jobs.watch',
  'jobs.follow',
  'jobs.unfollow',
  'jobs.history',
  'estimates.get',
  'deviceHistory.list',
  'diagnostics.build',
  'templates.list',
  'files.open',
  'files.save',
  'drafts.load',
  'drafts.save',
  'batches.list',
  'batches.get',
  'batches.create',
  'batches.pause',
  'batches.resume',
  'batches.retry',
  'batches.dryRun',
  'annotations.get',
  'annotations.changeTags',
  'annotations.setNote',
  'annotations.index',
  'jobs.rerunSource',
  'jobs.rerun',
  'bundles.export',
  'bundles.open',
  'drift.series',
  'settings.get',
  'settings.update',
] as const;

export const EVENT_NAME_LIST = [
  'session.changed',
  'devices.updated',
  'jobs.status',
  'jobs.live',
  'connection.changed',
  'ui.command',
  'app.closeRequested',
  'batches.changed',
] as const;

export type CallNameFromList = (typeof CALL_NAME_LIST)[number];
export type EventNameFromList = (typeof EVENT_NAME_LIST)[number];

/** Electron IPC channel names: one per call and per event, so an unknown name has no channel. */
const CHANNEL_PREFIX = 'qjob:';
const EVENT_CHANNEL_PREFIX = 'qjob:event:';
export const callChannel = (name: string): string => `${CHANNEL_PREFIX}${name}`;
export const eventChannel = (name: string): string => `${EVENT_CHANNEL_PREFIX}${name}`;
