/**
 * Who may talk to a server of this app that listens on 127.0.0.1 (browser mode, the simulators),
 * as pure functions:
 * - Host must name the loopback address or `localhost`, with the server's own port. A page on
 *   another site that rebinds its DNS name to 127.0.0.1 still sends its own name as Host, and is
 *   refused: DNS rebinding cannot reach the server.
 * - Origin, when a browser sends one, must be the server's own address. Browsers send it on every
 *   cross-site POST and WebSocket; programs (the app's own client, curl) send none and are judged
 *   by their credentials alone.
 */
function allowedHosts(port: number): string[] {
  return [`127.0.0.1:${port}`, `localhost:${port}`];
}

export function isAllowedHost(host: string | undefined, port: number): boolean {
  if (!host) return false;
  return allowedHosts(port).includes(host.toLowerCase());
}

export function isAllowedOrigin(origin: string | undefined, port: number): boolean {
  if (origin === undefined) return true; // not a browser: its credentials alone decide
  return allowedHosts(port).some((h) => origin.toLowerCase() === `http://${h}`);
}
