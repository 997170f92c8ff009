import path from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';
import { FLOORS } from '../../../tools/eslint/floors.js';

/**
 * The fence between the floors of src, through the repository's own eslint.config.js: each
 * case is one line of code in a file that does not exist, at a path on the floor under test.
 */
const ROOT = path.resolve(import.meta.dirname, '../../..');

interface Case {
  /** The importing file, from the repository root. */
  file: string;
  code: string;
}

/** One forbidden import per boundary, written each way an import can be written. */
const REFUSED: Case[] = [
  { file: 'src/shared/wire/x.ts', code: "import { x } from '../../core/client/request';" },
  { file: 'src/shared/x.ts', code: "export { x } from '../renderer/main';" },
  { file: 'src/shared/x.ts', code: "import { readFile } from 'node:fs';" },
  { file: 'src/shared/x.ts', code: "import fs from 'fs';" },
  { file: 'src/shared/x.ts', code: "import { ipcMain } from 'electron';" },
  { file: 'src/node-kit/fs/x.ts', code: "import { x } from '../../core/files/paths';" },
  { file: 'src/node-kit/x.ts', code: "import { x } from '../simulator';" },
  { file: 'src/simulator/jobs/x.ts', code: "import { x } from '../../core/client/request';" },
  { file: 'src/simulator/x.ts', code: "const m = await import('../core/auth/session');" },
  { file: 'src/simulator/x.ts', code: "import { app } from 'electron';" },
  { file: 'src/core/x.ts', code: "import { x } from '../main/index';" },
  { file: 'src/core/app/x.ts', code: "import { x } from '../../web/server';" },
  { file: 'src/core/x.ts', code: "export * from '../cli/main';" },
  { file: 'src/core/x.ts', code: "import { x } from '../renderer/state/jobs';" },
  { file: 'src/core/x.ts', code: "const { app } = require('electron');" },
  { file: 'src/main/x.ts', code: "import { x } from '../renderer/main';" },
  { file: 'src/main/x.ts', code: "import { x } from '../preload/index';" },
  { file: 'src/main/x.ts', code: "import { startSimulator } from '../simulator';" },
  { file: 'src/main/x.ts', code: "import { x } from '../web/server';" },
  { file: 'src/preload/x.ts', code: "import { x } from '../core/files/paths';" },
  { file: 'src/preload/x.ts', code: "import path from 'path';" },
  { file: 'src/renderer/x.ts', code: "const core = await import('../core/files/paths');" },
  { file: 'src/renderer/state/x.ts', code: "import fs from 'fs';" },
  { file: 'src/renderer/x.ts', code: "import { readFile } from 'node:fs/promises';" },
  { file: 'src/renderer/x.ts', code: "const cp = require('node:child_process');" },
  { file: 'src/renderer/x.ts', code: "type S = import('../core/auth/session').Session;" },
  { file: 'src/renderer/x.ts', code: "import os = require('os');" },
  { file: 'src/renderer/x.ts', code: "import { ipcRenderer } from 'electron';" },
  { file: 'src/renderer/x.ts', code: "export * from '../main/index';" },
  { file: 'src/renderer/x.ts', code: 'const w = await import(`../web/server`);' },
  { file: 'src/web/x.ts', code: "import { x } from '../main/index';" },
  { file: 'src/web/x.ts', code: "import { startSimulator } from '../simulator';" },
  { file: 'src/web/x.ts', code: "import { x } from '../cli/main';" },
  { file: 'src/web/x.ts', code: "import { app } from 'electron';" },
  { file: 'src/cli/x.ts', code: "import { x } from '../main/index';" },
  { file: 'src/cli/x.ts', code: "import { x } from '../renderer/main';" },
  { file: 'src/cli/x.ts', code: "import { app } from 'electron';" },
  { file: 'src/core/x.ts', code: "import { x } from '../../test/support/faulty-server';" },
  // The core enters the simulator by its front door only (src/simulator/index.ts).
  { file: 'src/core/batches/x.ts', code: "import { runJob } from '../../simulator/engine';" },
  { file: 'src/core/batches/x.ts', code: "import { x } from '../../simulator/devices/catalogue';" },
  {
    file: 'src/core/profiles/x.ts',
    code: "import { x } from '../../simulator/auth/default-credentials';",
  },
  { file: 'src/core/x.ts', code: "const m = await import('../simulator/engine/index');" },
];

/** One allowed import per floor, to show the fence is not simply closed. */
const ALLOWED: Case[] = [
  {
    file: 'src/shared/wire/x.ts',
    code: "import { z } from 'zod';\nimport { x } from '../json/x';",
  },
  {
    file: 'src/node-kit/x.ts',
    code: "import fs from 'node:fs';\nimport { x } from '../shared/x';",
  },
  {
    file: 'src/simulator/x.ts',
    code: "import { Worker } from 'worker_threads';\nimport { sleep } from '../node-kit/timers/sleep';",
  },
  { file: 'src/core/app/x.ts', code: "import { startSimulator } from '../../simulator';" },
  { file: 'src/core/batches/x.ts', code: "import { dryRun } from '../../simulator/index';" },
  { file: 'src/core/x.ts', code: "import type { DryRunOutcome } from '../simulator/index.ts';" },
  {
    file: 'src/main/x.ts',
    code: "import { app } from 'electron';\nimport { x } from '../core/app/x';",
  },
  {
    file: 'src/preload/x.ts',
    code: "import { ipcRenderer } from 'electron';\nimport { x } from '../shared/ipc/names';",
  },
  {
    file: 'src/renderer/x.ts',
    code: "import { x } from '../shared/x';\nimport { useState } from 'react';",
  },
  {
    file: 'src/web/x.ts',
    code: "import http from 'node:http';\nimport { x } from '../core/app/x';",
  },
  {
    file: 'src/cli/x.ts',
    code: "import { x } from '../simulator';\nimport { y } from '../web/server';",
  },
];

/** The renderer's own floors. */
const RENDERER_REFUSED: Case[] = [
  { file: 'src/renderer/ui/x.ts', code: "import { x } from '../services/x';" },
  { file: 'src/renderer/services/x.ts', code: "import { x } from '../state/x';" },
  {
    file: 'src/renderer/state/jobs/x.ts',
    code: "import { x } from '../../features/job-monitor/x';",
  },
  { file: 'src/renderer/features/x.ts', code: "import { x } from '../shell/commands';" },
  { file: 'src/renderer/state/x.ts', code: "import { x } from '../main';" },
  { file: 'src/renderer/shell/x.ts', code: "import { x } from '../../core/app/x';" },
];
const RENDERER_ALLOWED: Case[] = [
  { file: 'src/renderer/ui/x.ts', code: "import { x } from '../../shared/x';" },
  { file: 'src/renderer/services/x.ts', code: "import { x } from '../ui/x';" },
  { file: 'src/renderer/state/x.ts', code: "import { x } from '../services/x';" },
  { file: 'src/renderer/features/x.ts', code: "import { x } from '../state/x';" },
  { file: 'src/renderer/shell/x.ts', code: "import { x } from '../features/x';" },
  { file: 'src/renderer/main.ts', code: "import { x } from './shell/x';" },
];

function linterWith(enablePending: boolean): ESLint {
  return new ESLint({
    cwd: ROOT,
    overrideConfig: enablePending
      ? { rules: { 'floors/imports': ['error', { enablePending }] } }
      : [],
  });
}

async function floorMessages(eslint: ESLint, c: Case): Promise<string[]> {
  const [result] = await eslint.lintText(c.code, { filePath: path.join(ROOT, c.file) });
  return result!.messages.filter((m) => m.ruleId === 'floors/imports').map((m) => m.message);
}

/** The floor a case's file is on, as the refusal names it. */
const floorOfFile = (file: string) =>
  Object.keys(FLOORS)
    .filter((dir) => file.startsWith(`${dir}/`))
    .sort((a, b) => b.length - a.length)[0]!;

describe('the fence between the floors (eslint.config.js)', () => {
  let eslint: ESLint;
  beforeAll(() => {
    eslint = linterWith(false);
  });

  it.each(REFUSED)('refuses $code in $file', async (c) => {
    const messages = await floorMessages(eslint, c);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(new RegExp(`^${floorOfFile(c.file)} may not import`));
  });

  it.each(ALLOWED)('lets $file import what its floor may', async (c) => {
    expect(await floorMessages(eslint, c)).toEqual([]);
  });

  it("names the simulator's front door when it refuses the core a file behind it", async () => {
    const [message] = await floorMessages(eslint, {
      file: 'src/core/batches/x.ts',
      code: "import { runJob } from '../../simulator/engine';",
    });
    expect(message).toContain('it may import src/shared, src/node-kit, src/simulator/index.ts');
  });

  it('has a refused case for every floor in force', () => {
    const fenced = new Set([...REFUSED, ...RENDERER_REFUSED].map((c) => floorOfFile(c.file)));
    const inForce = Object.entries(FLOORS).filter(([, f]) => f.pending === undefined);
    expect(inForce.map(([dir]) => dir).filter((dir) => !fenced.has(dir))).toEqual([]);
  });

  describe("the renderer's floors", () => {
    it.each(RENDERER_REFUSED)('refuses $code in $file', async (c) => {
      const messages = await floorMessages(eslint, c);
      expect(messages).toHaveLength(1);
      expect(messages[0]).toMatch(new RegExp(`^${floorOfFile(c.file)} may not import`));
    });

    it.each(RENDERER_ALLOWED)('lets $file import the floor below', async (c) => {
      expect(await floorMessages(eslint, c)).toEqual([]);
    });
  });
});
