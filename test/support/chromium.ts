/**
 * The browser every browser-run test uses: Debian's Chromium (never `playwright install`),
 * headless, as root without the sandbox, and with nothing that reaches for the network (this
 * machine's closed network refuses those connections, many at a time).
 */
export const CHROMIUM_PATH = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-default-apps',
  '--disable-dev-shm-usage',
];
