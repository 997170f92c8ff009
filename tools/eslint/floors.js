// @ts-check
/**
 * The floors of the house: each folder of `src` and what its files may import. The one place
 * the layering is written down for the linter (`floor-imports.js` enforces it); a floor not
 * named here is not fenced.
 *
 * A file belongs to the floor of the longest folder that holds it. It may always import its own
 * floor, and the floors listed in `may`; `node: true` lets it import Node's built-in modules
 * (with or without `node:`), `electron: true` lets it import electron. Everything of ours that
 * is not in `may` is refused, and so is a relative import that leaves `src`.
 *
 * @typedef {object} Floor
 * @property {string[]} may  floors (folders from the repository root) it may import; or one file of
 *   a floor (`src/simulator/index.ts`): that file is the floor's door, and nothing else of it may
 *   be imported
 * @property {boolean} node  Node built-ins allowed
 * @property {boolean} electron  electron allowed
 * @property {string} why  the reason, shown with each refusal
 * @property {string} [pending]  set while the floor is still being built: the rule skips the
 *   floor (its files count as the enclosing floor) unless its `enablePending` option is on
 */

/** The renderer's own floors, bottom to top. */
const RENDERER_FLOORS = ['ui', 'services', 'state', 'features', 'shell'];

/** @type {Readonly<Record<string, Floor>>} */
export const FLOORS = {
  'src/shared': {
    may: [],
    node: false,
    electron: false,
    why: 'src/shared runs in every process and in the browser: it imports nothing else of ours and no Node built-ins.',
  },
  'src/node-kit': {
    may: ['src/shared'],
    node: true,
    electron: false,
    why: 'src/node-kit is the small Node utility floor (files, loopback, timers) under both core and the simulator.',
  },
  'src/simulator': {
    may: ['src/shared', 'src/node-kit'],
    node: true,
    electron: false,
    why: 'src/simulator is an independent implementation of the service: it never reuses the client in src/core.',
  },
  'src/core': {
    may: ['src/shared', 'src/node-kit', 'src/simulator/index.ts'],
    node: true,
    electron: false,
    why: "src/core is the app without Electron: it may import src/shared, src/node-kit and the simulator's front door, src/simulator/index.ts (to embed it and dry-run payloads on its engine).",
  },
  'src/main': {
    may: ['src/shared', 'src/node-kit', 'src/core'],
    node: true,
    electron: true,
    why: 'src/main wires the app core into Electron; it gets simulators through the core (core/connections/embedded-simulators).',
  },
  'src/preload': {
    may: ['src/shared'],
    node: false,
    electron: true,
    why: 'src/preload is sandboxed: electron and the IPC names of src/shared only.',
  },
  'src/web': {
    may: ['src/shared', 'src/node-kit', 'src/core'],
    node: true,
    electron: false,
    why: 'src/web serves the app core to a browser; it gets simulators through the core (core/connections/embedded-simulators).',
  },
  'src/cli': {
    may: ['src/shared', 'src/node-kit', 'src/core', 'src/simulator', 'src/web'],
    node: true,
    electron: false,
    why: 'src/cli sits on top of the Node side: `qjob simulator` starts the simulator itself and `qjob web` the browser-mode server.',
  },
  'src/renderer': {
    may: ['src/shared', ...RENDERER_FLOORS.map((f) => `src/renderer/${f}`)],
    node: false,
    electron: false,
    why: 'src/renderer runs in the browser and talks to the rest only through window.qjob.',
  },
  ...Object.fromEntries(
    RENDERER_FLOORS.map((name, i) => [
      `src/renderer/${name}`,
      {
        may: ['src/shared', ...RENDERER_FLOORS.slice(0, i).map((f) => `src/renderer/${f}`)],
        node: false,
        electron: false,
        why: `The renderer's floors are ${RENDERER_FLOORS.join(' < ')}: ${name} imports only the floors below it and src/shared.`,
      },
    ]),
  ),
};
