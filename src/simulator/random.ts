/**
 * Small seeded generators for the simulator's own choices (device schedules, failure
 * injection, per-job engine seeds), so one `--seed` reproduces a whole session.
 */

/** Mix numbers into one 32-bit seed (FNV-1a over their decimal text, then an avalanche). */
export function mixSeed(...parts: (number | string)[]): number {
  let h = 0x811c9dc5;
  for (const char of parts.join('\u0000')) {
    h ^= char.charCodeAt(0);
    h = Math.imul(h, 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x7feb352d);
  h ^= h >>> 15;
  return h >>> 0;
}

/** mulberry32: uniform numbers in [0, 1). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
