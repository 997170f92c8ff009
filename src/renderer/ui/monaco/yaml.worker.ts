// monaco-yaml's worker, re-exported from our own module: Vite then bundles it as a worker of
// its own (monaco-yaml README, "Why doesn't it work with Vite?").
import 'monaco-yaml/yaml.worker.js';
