/**
 * The renderer's Content Security Policy, sent as a response header for every renderer response
 * by both hosts (the desktop app's `app://` protocol and browser mode's HTTP server), so the two
 * cannot drift apart. Why each directive:
 * - nothing is loaded from the network: every source is 'self' (the bundle) or inline data;
 * - style 'unsafe-inline': Monaco injects <style> elements at run time (it breaks without it);
 * - worker 'self' only: every worker (Monaco's editor worker, monaco-yaml's, the payload
 *   analysis and result decoding) is a bundled file started by URL (Vite's `?worker`), and Monaco's
 *   blob-URL bootstrap is never reached because `MonacoEnvironment.getWorker` is always set;
 * - connect 'self': browser mode's WebSocket to its own loopback origin (CSP3 'self' covers ws:);
 * - no plugins, no <base>, no framing, no form posts;
 * - no blob: anywhere: nothing shows or runs a blob URL (downloads are navigations). It matches
 *   the <meta> policy in src/renderer/index.html, which applies as well (both must allow a load).
 */
// One literal (not joined at run time), so the built bundles carry the exact header value and a
// test can find it there.
export const CONTENT_SECURITY_POLICY =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:; worker-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'none'";

/**
 * Other headers both hosts send with every renderer response: no MIME sniffing, no referrer,
 * no framing (for browsers that predate frame-ancestors), an isolated browsing context group.
 */
export const RENDERER_RESPONSE_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'Content-Security-Policy': CONTENT_SECURITY_POLICY,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
});
