/**
 * The credentials a simulator accepts unless it is started with others (`--user`, `--api-key`),
 * printed in the README. The built-in simulator profiles log in with them.
 */
export const SIMULATOR_CREDENTIALS: Readonly<{ user: string; apiKey: string }> = Object.freeze({
  user: 'demo',
  apiKey: 'demo',
});
