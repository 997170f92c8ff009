import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY, SECURE_WEB_PREFERENCES } from '../../../src/main/security';

/**
 * The built bundles (`npm run build`), checked for what the sources promise: the main bundle
 * creates the window with the secure webPreferences and sends the CSP; the preload bundle is the
 * narrow bridge without schemas. Skipped, loudly, when nothing was built.
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
