import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY, SECURE_WEB_PREFERENCES } from '../../../src/main/security';

/**
 * The built bundles (`npm run build`), checked for what the sources promise: the main bundle
 * creates the window with the secure webPreferences, sends the CSP and wires the rest of
 * Electron's security checklist to Electron (the decisions themselves are unit-tested in
 * security.test.ts); the preload bundle is the narrow bridge without schemas. Skipped, loudly,
 * when nothing was built.
 */
const MAIN = 'out/main/index.js';
const PRELOAD = 'out/preload/index.cjs';
const built = existsSync(MAIN) && existsSync(PRELOAD);
if (!built)
  console.warn(`bundle checks skipped: ${MAIN} or ${PRELOAD} missing (run npm run build first)`);

describe.skipIf(!built)('the built main and preload bundles', () => {
  const main = built ? readFileSync(MAIN, 'utf8') : '';
  const preload = built ? readFileSync(PRELOAD, 'utf8') : '';

  it('carry the CSP exactly as configured', () => {
    expect(main).toContain(JSON.stringify(CONTENT_SECURITY_POLICY));
  });

  it('carry every secure webPreference and pass them to the BrowserWindow', () => {
    for (const [key, value] of Object.entries(SECURE_WEB_PREFERENCES)) {
      expect(main, key).toMatch(new RegExp(`\\b${key}: ${String(value)}\\b`));
    }
    expect(main).toMatch(/webPreferences: \{\s*\.\.\.SECURE_WEB_PREFERENCES,\s*preload/);
    expect(main).toContain('registerSchemesAsPrivileged');
    expect(main).not.toMatch(/loadFile\(|file:\/\/\//);
  });

  /** The compiled body of a top-level function of the main bundle. */
  const body = (name: string): string => {
    const start = main.search(new RegExp(`^(?:async )?function ${name}\\(`, 'm'));
    expect(start, `function ${name} in ${MAIN}`).toBeGreaterThanOrEqual(0);
    const end = main.indexOf('\n}\n', start);
    return main.slice(start, end + 2);
  };

  it('prevent every navigation, redirect and webview of every web contents', () => {
    const created = body('hardenAllWebContents');
    expect(created).toContain('app.on("web-contents-created"');
    for (const [event, what] of [
      ['will-navigate', 'navigation'],
      ['will-redirect', 'redirect'],
      ['will-attach-webview', 'webview'],
    ]) {
      expect(created, event).toMatch(
        new RegExp(
          `contents\\.on\\("${event}", \\(event(?:, url)?\\) => refuseNavigation\\(event, "${what}"`,
        ),
      );
    }
    expect(body('refuseNavigation')).toMatch(/\{\s*event\.preventDefault\(\);/);
    expect(main).toMatch(/^\s*hardenAllWebContents\(log\);/m);
  });

  it('deny every new window, and hand only checked https links to the system browser', () => {
    expect(body('hardenAllWebContents')).toMatch(
      /contents\.setWindowOpenHandler\(\(\{ url \}\) => handleWindowOpen\(url, /,
    );
    const decide = body('handleWindowOpen');
    expect(decide.match(/return [^;]*;/g)).toEqual(['return { action: "deny" };']);
    expect(decide).toMatch(/if \(isAllowedExternalUrl\(url\)\) openExternalChecked\(url, open\)/);
    expect(body('openExternalChecked')).toMatch(
      /if \(!isAllowedExternalUrl\(url\)\) throw [^;]+;\s*await open\(url\);/,
    );
    // Every call of shell.openExternal is the opener handed to one of the two checks.
    const calls = main.match(/shell\.openExternal\(/g) ?? [];
    const guarded =
      main.match(
        /(?:openExternalChecked|handleWindowOpen)\(url, \(link\) => shell\.openExternal\(link\)/g,
      ) ?? [];
    expect(calls.length).toBeGreaterThan(0);
    expect(guarded).toHaveLength(calls.length);
  });

  it('install the permission request and check handlers on the session', () => {
    const session = body('hardenSession');
    expect(session).toMatch(
      /session\.setPermissionRequestHandler\(\(contents, permission, callback, details\) => \{\s*const allowed = isPermissionRequestAllowed\(permission, details\.requestingUrl, contents\.getURL\(\)/,
    );
    expect(session).toContain('callback(allowed);');
    expect(session).toMatch(
      /session\.setPermissionCheckHandler\([^)]*\) => isPermissionAllowed\(permission, requestingOrigin/,
    );
    expect(session).toContain('session.webRequest.onHeadersReceived(');
    expect(main).toMatch(/^\s*hardenSession\(session\.defaultSession, \{/m);
  });

  it('check the sender frame before any IPC call reaches a handler', () => {
    const bind = body('bindIpc');
    expect(main.match(/ipcMain\.handle\(/g)).toHaveLength(1);
    expect(main).not.toMatch(/ipcMain\.on\(|ipcMain\.once\(/);
    const handler = bind.slice(bind.indexOf('ipcMain.handle('));
    const check = handler.indexOf('if (!isTrustedSender(frame, options.devServerUrl))');
    expect(handler).toContain('const frame = event.senderFrame;');
    expect(check).toBeGreaterThan(0);
    expect(handler.indexOf('dispatchCall(')).toBeGreaterThan(check);
  });

  it('serve the renderer from the privileged app:// scheme with the CSP, registered before ready', () => {
    expect(body('registerAppScheme')).toMatch(
      /protocol\.registerSchemesAsPrivileged\(\[\{\s*scheme: "app",\s*privileges: \{ \.\.\.APP_SCHEME_PRIVILEGES \}/,
    );
    const serve = body('serveRendererBundle');
    expect(serve).toContain('protocol.handle("app", async (request) => {');
    expect(serve).toContain('const pathname = appRequestPath(request.url);');
    expect(serve.match(/headers: appResponseHeaders\(/g)).toHaveLength(2); // found and not found
    expect(main).toMatch(/^\s*serveRendererBundle\(path\.join\(here, "\.\.\/renderer"\), log\);/m);
    // A privileged scheme must be registered before the app is ready; the sandbox is global.
    const registered = main.search(/^registerAppScheme\(\);$/m);
    expect(registered).toBeGreaterThan(0);
    expect(main.indexOf('await app.whenReady()')).toBeGreaterThan(registered);
    expect(main).toMatch(/^app\.enableSandbox\(\);$/m);
    // The window loads app://, or the dev server only when not packaged.
    expect(main).toContain('entryUrl: devServerUrl ?? "app://qjob/index.html"');
    expect(main).toMatch(
      /(?:const|var|let) devServerUrl = !app\.isPackaged \? process\.env\["ELECTRON_RENDERER_URL"\] : void 0;/,
    );
  });

  it('bundle the simulator’s physics worker beside the main bundle', () => {
    expect(existsSync('out/main/engine-worker.js')).toBe(true);
  });

  it('keep the preload a CommonJS bridge of names only (no zod, no generic send)', () => {
    expect(preload).toContain('exposeInMainWorld("qjob"');
    expect(preload).not.toMatch(/\bimport\s/);
    expect(preload).not.toMatch(/ZodError|safeParse/);
    expect(preload).not.toMatch(/ipcRenderer\.send\(/);
    expect(preload.length).toBeLessThan(10_000);
  });
});

/**
 * The renderer bundle carries Monaco with the YAML language only (monaco-api.ts): no CSS, HTML,
 * JSON or TypeScript language services, none of the other basic languages, and exactly the two
 * workers the editor asks for. Importing 'monaco-editor' itself anywhere brings them all back.
 */
const ASSETS = 'out/renderer/assets';
const rendererBuilt = existsSync(ASSETS);
describe.skipIf(!rendererBuilt)('the built renderer bundle', () => {
  const assets = rendererBuilt ? readdirSync(ASSETS) : [];

  it('ships Monaco with YAML only', () => {
    const languageServices = assets.filter((f) => /^(css|html|json|ts)Mode-/.test(f));
    expect(languageServices).toEqual([]);
    const otherLanguages = assets.filter((f) =>
      /^(python|javascript|typescript|markdown|html|css|cpp|java|sql|xml|ini)-[\w-]+\.js$/.test(f),
    );
    expect(otherLanguages).toEqual([]);
    expect(
      assets.filter((f) => /\.worker-[\w-]+\.js$/.test(f)).map((f) => f.split('-')[0]),
    ).toEqual(expect.arrayContaining(['editor.worker', 'yaml.worker']));
    expect(assets.filter((f) => /^(ts|json|css|html)\.worker-/.test(f))).toEqual([]);
  });
});
