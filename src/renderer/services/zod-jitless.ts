import { z } from 'zod';

/**
 * The renderer runs under a CSP without 'unsafe-eval', so zod's JIT (`new Function`) cannot run
 * there. zod finds that out by trying `new Function('')` when it builds its first object schema:
 * the throw is caught, but the browser still reports a `securitypolicyviolation`. Saying so up
 * front skips the probe, so a violation report always means something. Import this first in
 * each worker that uses zod (a worker is one file, so it runs before any schema is built); the
 * page itself gets it from public/zod-jitless.js, a classic script that runs before every module.
 */
z.config({ jitless: true });
