import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  envWithNodeHeaders,
  headersVersion,
  nodeHeadersDir,
} from '../../../scripts/node-headers.mjs';
import { freshEnv } from '../../../scripts/check-fresh-setup.mjs';
import { headersLine } from '../../../scripts/setup.mjs';

/**
 * How the set-up finds the headers of the Node that runs it (scripts/node-headers.mjs), on
 * install prefixes made here. The whole path (a fresh HOME, an empty npm cache, only the npm
 * registry) is `node scripts/check-fresh-setup.mjs`, which takes minutes.
 */
const root = mkdtempSync(path.join(os.tmpdir(), 'qjob-node-headers-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

let n = 0;
/** A Node install prefix: bin/node, and include/node with the headers of `version` when given. */
function prefix(version: string | null, options: { gypi?: boolean } = {}): string {
  const dir = path.join(root, `node-${n++}`);
  mkdirSync(path.join(dir, 'bin'), { recursive: true });
  writeFileSync(path.join(dir, 'bin', 'node'), '');
  if (version !== null) {
    const [major, minor, patch] = version.split('.');
    mkdirSync(path.join(dir, 'include', 'node'), { recursive: true });
    writeFileSync(
      path.join(dir, 'include', 'node', 'node_version.h'),
      `#ifndef SRC_NODE_VERSION_H_\n#define NODE_MAJOR_VERSION ${major}\n#define NODE_MINOR_VERSION ${minor}\n#define NODE_PATCH_VERSION ${patch}\n`,
    );
    if (options.gypi !== false)
      writeFileSync(path.join(dir, 'include', 'node', 'common.gypi'), '{}\n');
  }
  return dir;
}

describe('nodeHeadersDir', () => {
  it('is the install prefix when include/node holds the headers of this very version', () => {
    const dir = prefix('20.20.2');
    expect(headersVersion(dir)).toBe('20.20.2');
    expect(nodeHeadersDir(path.join(dir, 'bin', 'node'), '20.20.2')).toBe(dir);
  });

  it('is null for headers of another version, without common.gypi, or without headers', () => {
    expect(nodeHeadersDir(path.join(prefix('20.19.0'), 'bin', 'node'), '20.20.2')).toBeNull();
    expect(
      nodeHeadersDir(path.join(prefix('20.20.2', { gypi: false }), 'bin', 'node'), '20.20.2'),
    ).toBeNull();
    expect(nodeHeadersDir(path.join(prefix(null), 'bin', 'node'), '20.20.2')).toBeNull();
  });
});

describe('envWithNodeHeaders', () => {
  it("sets npm_config_nodedir to this Node's headers", () => {
    const { env, headers } = envWithNodeHeaders({ PATH: '/bin' }, '/opt/node');
    expect(env).toEqual({ PATH: '/bin', npm_config_nodedir: '/opt/node' });
    expect(headers).toEqual({ dir: '/opt/node', source: 'this Node' });
    expect(headersLine(headers)).toContain(path.join('/opt/node', 'include', 'node'));
  });

  it("keeps the person's own nodedir setting", () => {
    const given = { npm_config_nodedir: '/src/node' };
    expect(envWithNodeHeaders(given, '/opt/node')).toEqual({
      env: given,
      headers: { dir: '/src/node', source: 'npm setting nodedir' },
    });
  });

  it('changes nothing, and says a download would follow, when there are no headers', () => {
    const { env, headers } = envWithNodeHeaders({ PATH: '/bin' }, null);
    expect(env).toEqual({ PATH: '/bin' });
    expect(headersLine(headers)).toMatch(/download them from the Node\.js site/);
  });
});

describe("freshEnv (the check of a newcomer's set-up)", () => {
  it("drops the user's npm settings and sends outside downloads to a closed port", () => {
    const env = freshEnv(
      { PATH: '/bin', HOME: '/root', npm_config_nodedir: '/usr', NPM_CONFIG_CACHE: '/c' },
      '/tmp/h',
      '/tmp/c',
    );
    expect(env.npm_config_nodedir).toBeUndefined();
    expect(env.NPM_CONFIG_CACHE).toBeUndefined();
    expect(env).toMatchObject({ PATH: '/bin', HOME: '/tmp/h', npm_config_cache: '/tmp/c' });
    expect(env.npm_config_better_sqlite3_binary_host).toMatch(/^http:\/\/127\.0\.0\.1:/);
    expect(env.npm_config_dist_url).toMatch(/^http:\/\/127\.0\.0\.1:/);
  });
});
