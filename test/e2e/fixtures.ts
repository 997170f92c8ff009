import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test as base, expect, type Page } from '@playwright/test';
import { startSimulator, type SimulatorHandle } from '../../src/simulator';
import type { VariantId } from '../../src/shared/variants/declaration';
import { startWebServer, type WebServer } from '../../src/web/server';
import { storeWithLoginsFromEarlierSimulators, type KeptLogin } from '../support/stale-login';

/**
 * The e2e fixture every spec uses: browser mode (`startWebServer`) on a free port with a fresh
 * data folder, the embedded simulator of the chosen variant, and the page opened at the address
 * `qjob web` would print. It builds nothing: run `npm run build` first (the server says so when
 * out/renderer is missing).
 *
 *   import { test, expect } from './fixtures';
 *   test.use({ variant: 'B' });
 *   test('…', async ({ page, studio }) => { … });
 */
export interface Studio {
  /**
   * `http://127.0.0.1:<port>/#token=<token>`, as printed by `qjob web`: it opens the app once
   * (a reload of that tab works); `server.newLaunchUrl()` gives another.
   */
  url: string;
  token: string;
  port: number;
  /** The origin without the token, for requests a spec makes itself. */
  origin: string;
  dataDir: string;
  server: WebServer;
}

export interface StudioOptions {
  /** Which built-in simulator profile is active at start. */
  variant: VariantId;
  /** Simulated time runs this many times faster (jobs finish in seconds). */
  simulatorSpeed: number;
  /** Open the page at the launch address before the test starts (false: a blank page). */
  openApp: boolean;
  /**
   * Logins the secret store holds at start, kept from simulators that are gone (as after another
   * data folder or a reset): every service refuses them. The store is in memory either way.
   */
  keptLogins: KeptLogin[];
  /**
   * The console errors this spec causes on purpose, as one pattern (alternatives joined with
   * `|`, each with its reason beside it; one value, as Playwright reads an array of two here as
   * a value and its options): every other console error or uncaught page error fails the test.
   */
  expectedConsoleErrors: RegExp | null;
}

export interface StudioFixtures {
  studio: Studio;
  /**
   * Starts a simulator of the test's own, reached as a real service would be: it takes the user
   * `demo` with the key `demo` (the built-in one takes only its per-launch key, which the app
   * logs in with by itself) and names no cancel endpoint. Stopped after the test.
   */
  ownService: (variant?: VariantId) => Promise<SimulatorHandle>;
  /**
   * Console errors and uncaught page errors seen so far (CSP violations show up here). The
   * fixture fails the test when one is left that `expectedConsoleErrors` does not explain.
   */
  pageErrors: string[];
}

/** The console errors and page errors of a test that none of its expected patterns explains. */
function unexplainedErrors(errors: readonly string[], expected: RegExp | null): string[] {
  return errors.filter((e) => !expected?.test(e));
}

export const test = base.extend<StudioFixtures & StudioOptions>({
  variant: ['A', { option: true }],
  simulatorSpeed: [10, { option: true }],
  openApp: [true, { option: true }],
  keptLogins: [[], { option: true }],
  expectedConsoleErrors: [null, { option: true }],

  studio: async ({ variant, simulatorSpeed, keptLogins }, use) => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'qjob-e2e-'));
    const store = await storeWithLoginsFromEarlierSimulators(keptLogins);
    const server = await startWebServer({
      port: 0,
      dataDir,
      variant,
      simulatorSpeed,
      secretStoreFactory: async () => store,
      checkOutput: true,
    });
    try {
      await use({
        url: server.url,
        token: server.token,
        port: server.port,
        origin: `http://127.0.0.1:${server.port}`,
        dataDir,
        server,
      });
    } finally {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  },

  ownService: async ({ variant }, use) => {
    const started: SimulatorHandle[] = [];
    await use(async (v = variant) => {
      const service = await startSimulator({ variant: v, onProblem: () => undefined });
      started.push(service);
      return service;
    });
    for (const service of started) await service.stop();
  },

  // eslint-disable-next-line no-empty-pattern -- Playwright requires the pattern; this fixture needs no other
  pageErrors: async ({}, use) => {
    await use([]);
  },

  page: async ({ page, studio, openApp, pageErrors, expectedConsoleErrors }, use) => {
    // Every page of the test's browser context: a second tab the test opens counts too.
    const listen = (p: Page) => {
      p.on('console', (message) => {
        if (message.type() === 'error') {
          const at = message.location().url;
          pageErrors.push(at ? `${message.text()} (at ${at})` : message.text());
        }
      });
      p.on('pageerror', (error) => pageErrors.push(`${error.name}: ${error.message}`));
    };
    listen(page);
    page.context().on('page', listen);
    if (openApp) await page.goto(studio.url);
    await use(page);
    // A page that threw or logged an error failed, whatever the spec asserted.
    expect(
      unexplainedErrors(pageErrors, expectedConsoleErrors),
      'console errors and uncaught page errors during the test',
    ).toEqual([]);
  },
});

const ROOT = new URL('../..', import.meta.url).pathname;

function shotIn(dir: string, name: string): string {
  mkdirSync(dir, { recursive: true });
  return path.join(dir, name);
}

/**
 * Where a spec's screenshot goes: test-results/screenshots, or docs/screenshots (the README's
 * pictures) when QJOB_UPDATE_SCREENSHOTS=1, so an ordinary test run leaves the tree clean.
 */
export function shot(name: string): string {
  const docs = Boolean(process.env['QJOB_UPDATE_SCREENSHOTS']);
  return shotIn(path.join(ROOT, docs ? 'docs' : 'test-results', 'screenshots'), name);
}

/** A picture for a person to review after a UI change; never one of the README's. */
export function reviewShot(name: string): string {
  return shotIn(path.join(ROOT, 'test-results', 'screenshots', 'review'), name);
}

/**
 * Opens `text` in a new editor tab the way a person opens a .yaml file in browser mode (the file
 * picker), so the editor holds exactly this text: typing it would be re-indented by Monaco.
 */
export async function openYamlFile(page: Page, name: string, text: string): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Open a YAML file' }).click();
  await (
    await chooser
  ).setFiles({ name, mimeType: 'application/x-yaml', buffer: Buffer.from(text) });
  await expect(page.getByRole('tab', { selected: true })).toContainText(name);
}

export { expect };
export type { Page };
