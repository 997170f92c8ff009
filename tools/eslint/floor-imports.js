// @ts-check
import { builtinModules } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { FLOORS } from './floors.js';

/** The repository root: the floors' folders are written from here. */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const BUILTINS = new Set(builtinModules);

/** @typedef {import('./floors.js').Floor} Floor */
/** @typedef {{ dir: string, floor: Floor }} PlacedFloor */

/** The floors in force, longest folder first so the innermost one wins. */
function activeFloors(/** @type {boolean} */ enablePending) {
  return Object.entries(FLOORS)
    .filter(([, floor]) => enablePending || floor.pending === undefined)
    .map(([dir, floor]) => ({ dir, floor }))
    .sort((a, b) => b.dir.length - a.dir.length);
}

/** The floor holding a repository-relative path, or null. */
function floorOf(/** @type {string} */ rel, /** @type {PlacedFloor[]} */ floors) {
  return floors.find(({ dir }) => rel === dir || rel.startsWith(`${dir}/`)) ?? null;
}

const toRepoPath = (/** @type {string} */ abs) =>
  path.relative(ROOT, abs).split(path.sep).join('/');

/** What a bare specifier names: a Node built-in, electron, or a package (not fenced here). */
function bareKind(/** @type {string} */ spec) {
  if (spec.startsWith('node:')) return 'node';
  const first = spec.startsWith('@') ? spec : (spec.split('/')[0] ?? spec);
  if (BUILTINS.has(spec) || BUILTINS.has(first)) return 'node';
  if (first === 'electron') return 'electron';
  return 'package';
}

const stem = (/** @type {string} */ p) => p.replace(/\.[cm]?[jt]sx?$/, '');

/**
 * Whether a `may` entry lets `target` (a repository path, on the floor `toDir`) in: a whole floor,
 * or one file of it (its door), named with or without its extension, or as its folder when the
 * door is that folder's index.
 */
function lets(
  /** @type {string} */ may,
  /** @type {string} */ toDir,
  /** @type {string} */ target,
) {
  if (may === toDir) return true;
  if (!may.startsWith(`${toDir}/`)) return false;
  const door = stem(may);
  return stem(target) === door || `${target}/index` === door;
}

/**
 * The refusal for one import of `from` (a placed floor) of `spec`, or null when it is allowed.
 * @returns {string | null}
 */
function refusal(
  /** @type {PlacedFloor} */ from,
  /** @type {string} */ file,
  /** @type {string} */ spec,
  /** @type {PlacedFloor[]} */ floors,
) {
  const { dir, floor } = from;
  if (!spec.startsWith('.') && !path.isAbsolute(spec)) {
    const kind = bareKind(spec);
    if (kind === 'node' && !floor.node) return `${dir} may not import the Node built-in '${spec}'`;
    if (kind === 'electron' && !floor.electron) return `${dir} may not import electron`;
    return null;
  }
  const target = toRepoPath(path.resolve(path.dirname(file), spec));
  if (!target.startsWith('src/')) return `${dir} may not import '${spec}' from outside src`;
  const to = floorOf(target, floors);
  if (to === null) return `${dir} may not import ${target}, which is on no floor`;
  if (to.dir === dir || floor.may.some((may) => lets(may, to.dir, target))) return null;
  const inForce = floor.may.filter((may) =>
    floors.some((f) => may === f.dir || may.startsWith(`${f.dir}/`)),
  );
  const allowed = inForce.length > 0 ? inForce.join(', ') : 'nothing else of ours';
  return `${dir} may not import ${to.dir} ('${spec}'); it may import ${allowed}`;
}

/** The module specifier a node names, when it is written as a plain string. */
function specifierOf(/** @type {any} */ node) {
  if (!node) return null;
  if (node.type === 'Literal' && typeof node.value === 'string') return node.value;
  if (node.type === 'TemplateLiteral' && node.expressions.length === 0) {
    return node.quasis[0].value.cooked;
  }
  if (node.type === 'TSLiteralType') return specifierOf(node.literal);
  return null;
}

/** @type {import('eslint').Rule.RuleModule} */
export const floorImports = {
  meta: {
    type: 'problem',
    docs: {
      description:
        'Each folder of src imports only the floors below it (tools/eslint/floors.js), resolved by path.',
    },
    schema: [
      {
        type: 'object',
        properties: { enablePending: { type: 'boolean' } },
        additionalProperties: false,
      },
    ],
    messages: { refused: '{{ reason }}. {{ why }}' },
  },
  create(context) {
    const floors = activeFloors(Boolean(context.options[0]?.enablePending));
    const file = context.filename;
    const from = floorOf(toRepoPath(file), floors);
    if (from === null) return {};
    const check = (/** @type {any} */ node, /** @type {any} */ source) => {
      const spec = specifierOf(source);
      if (spec === null) return;
      const reason = refusal(from, file, spec, floors);
      if (reason !== null) {
        context.report({ node, messageId: 'refused', data: { reason, why: from.floor.why } });
      }
    };
    return {
      ImportDeclaration: (node) => check(node, node.source),
      ExportNamedDeclaration: (node) => check(node, node.source),
      ExportAllDeclaration: (node) => check(node, node.source),
      ImportExpression: (node) => check(node, node.source),
      CallExpression(node) {
        const callee = node.callee;
        if (callee.type === 'Identifier' && callee.name === 'require') {
          check(node, node.arguments[0]);
        }
      },
      /** `import('…').Type` in a type position. */
      TSImportType: (/** @type {any} */ node) => check(node, node.argument),
      /** `import x = require('…')`. */
      TSExternalModuleReference: (/** @type {any} */ node) => check(node, node.expression),
    };
  },
};

/** The local plugin: `floors/imports`. */
export default { rules: { imports: floorImports } };
