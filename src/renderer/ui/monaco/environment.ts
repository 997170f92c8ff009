import EditorWorker from 'monaco-editor/esm/vs/editor/editor.worker.js?worker';
import YamlWorker from './yaml.worker?worker';

/**
 * Monaco asks for a worker by label. Only two are ever needed: its own editor worker (diffs,
 * links, word ranges) and monaco-yaml's language worker. Both are bundled files of this origin,
 * which the CSP allows; nothing is fetched from a CDN. An unknown label is a programming error:
 * fail loudly rather than run without a language service.
 */
export function installMonacoEnvironment(): void {
  globalThis.MonacoEnvironment = {
    getWorker(_workerId: string, label: string): Worker {
      switch (label) {
        case 'yaml':
          return new YamlWorker();
        case 'editorWorkerService':
          return new EditorWorker();
        default:
          throw new Error(`No Monaco worker is bundled for "${label}"`);
      }
    },
  };
}
