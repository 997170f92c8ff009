// Runs before any module of the renderer (a classic script; index.html). The renderer's CSP has
// no 'unsafe-eval', so zod's JIT (`new Function`) cannot run; zod finds that out by trying
// `new Function('')` when it builds its first object schema, and although the throw is caught
// the browser still reports a `securitypolicyviolation`. `jitless` skips that probe, so any
// violation report means something. zod reads this shared config object
// (globalThis.__zod_globalConfig, what `z.config()` writes) when it loads; a module import
// cannot be relied on to run first, as the bundle's shared chunks are evaluated before the entry.
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, {
  jitless: true,
});
