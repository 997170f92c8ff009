import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

const require = createRequire(import.meta.url);
const config = parse(readFileSync('build/electron-builder.yml', 'utf8')) as Record<
  string,
  unknown
> & {
  asarUnpack: string[];
  electronFuses: Record<string, boolean>;
  linux: { target: string[]; icon: string };
  mac: { target: string; icon: string };
  win: { target: string; icon: string };
};

describe('the packaging configuration (build/electron-builder.yml)', () => {
  it('fits electron-builder’s own schema', async () => {
    const { validateConfiguration } = require('app-builder-lib/out/util/config/config') as {
      validateConfiguration(config: unknown, logger: unknown): Promise<void>;
    };
    const { DebugLogger } = require('builder-util') as {
      DebugLogger: new (enabled: boolean) => unknown;
    };
    await expect(validateConfiguration(config, new DebugLogger(false))).resolves.toBeUndefined();
  });

  it('builds AppImage and deb, dmg, and an NSIS installer, with icons that exist', () => {
    expect(config.linux.target).toEqual(['AppImage', 'deb']);
    expect(config.mac.target).toBe('dmg');
    expect(config.win.target).toBe('nsis');
    for (const size of [16, 32, 48, 64, 128, 256, 512]) {
      expect(existsSync(`${config.linux.icon}/${size}x${size}.png`), `${size}`).toBe(true);
    }
    expect(existsSync(config.mac.icon)).toBe(true);
    expect(existsSync(config.win.icon)).toBe(true);
  });

  it('keeps keytar’s and better-sqlite3’s native modules outside the asar', () => {
    expect(config.asarUnpack.some((p) => p.includes('keytar') && p.endsWith('.node'))).toBe(true);
    expect(config.asarUnpack.some((p) => p.includes('better-sqlite3') && p.endsWith('.node'))).toBe(
      true,
    );
  });

  it('flips the fuses of Electron’s security checklist', () => {
    expect(config.electronFuses).toMatchObject({
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
    });
  });
});

/** The icons are real PNGs of the sizes their names say. */
describe('the app icons', () => {
  it('are PNG files of their stated size', () => {
    for (const size of [16, 256, 1024]) {
      const png = readFileSync(`resources/icons/${size}x${size}.png`);
      expect(png.subarray(1, 4).toString('ascii')).toBe('PNG');
      expect(png.readUInt32BE(16)).toBe(size);
      expect(png.readUInt32BE(20)).toBe(size);
    }
  });
});
