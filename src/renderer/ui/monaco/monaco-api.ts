/**
 * Monaco, as much of it as the app uses. `import * as monaco from 'monaco-editor'` loads
 * `editor.main.js`, which brings every basic language (80-odd tokenizers) and the CSS, HTML,
 * JSON and TypeScript language services: megabytes the app never runs, since it edits YAML only.
 * This module loads instead:
 * - `edcore.main.js`: the editor API with all of the editor's own features (find/replace,
 *   folding, hover, suggest, format, context menu, command palette, go to line, ...);
 * - the YAML basic language (tokens for colouring); monaco-yaml adds validation, completion and
 *   hover through its worker;
 * - the one piece of `editor.main.js` monaco-yaml still needs: `editor.createWebWorker` accepting
 *   the `{ moduleId, label, createData }` form (see below).
 * Every renderer import of Monaco's values goes through here (types may come from
 * 'monaco-editor': they cost nothing).
 */
import 'monaco-editor/esm/vs/editor/edcore.main.js';
import 'monaco-editor/esm/vs/basic-languages/yaml/yaml.contribution.js';
// The same module 'monaco-editor' is typed by (its package.json "typings"), so values and types
// read as `monaco.editor.…` as before.
import * as monaco from 'monaco-editor/esm/vs/editor/editor.api.js';

/**
 * monaco-yaml 5.5 (through monaco-worker-manager 2) starts its worker with
 * `editor.createWebWorker({ moduleId, label, createData })`. Since 0.54 the editor core only takes
 * `{ worker }`; `editor.main.js` wraps it to accept the old form, and without that wrapper the
 * YAML worker never starts: no error, just no validation, completion or hover (monaco-yaml
 * #272). Same wrapper as monaco-editor's src/editor/editor.main.ts: the worker comes from
 * `MonacoEnvironment.getWorker` (environment.ts), is told to skip its default start, then gets
 * the create data.
 */
type LegacyWorkerOptions = monaco.editor.IWebWorkerOptions;
type CoreWorkerOptions = monaco.editor.IInternalWebWorkerOptions;
type WebWorker = monaco.editor.MonacoWebWorker<object>;

const editorApi = monaco.editor as unknown as {
  createWebWorker(options: LegacyWorkerOptions | CoreWorkerOptions): WebWorker;
};
const coreCreateWebWorker = editorApi.createWebWorker.bind(editorApi) as (
  options: CoreWorkerOptions,
) => WebWorker;

function createLegacyWebWorker(options: LegacyWorkerOptions): WebWorker {
  const environment = globalThis.MonacoEnvironment;
  if (!environment?.getWorker) {
    throw new Error('MonacoEnvironment.getWorker is not installed (installMonacoEnvironment)');
  }
  const worker = Promise.resolve(
    environment.getWorker('workerMain.js', options.label ?? 'monaco-editor-worker'),
  ).then((w) => {
    w.postMessage('ignore');
    w.postMessage(options.createData);
    return w;
  });
  return coreCreateWebWorker({
    worker,
    host: options.host,
    keepIdleModels: options.keepIdleModels ?? false,
  });
}

editorApi.createWebWorker = (options) =>
  'worker' in options && options.worker !== undefined
    ? coreCreateWebWorker(options)
    : createLegacyWebWorker(options as LegacyWorkerOptions);

export { monaco };
