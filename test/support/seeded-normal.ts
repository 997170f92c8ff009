/**
 * Standard normal deviates from a seed (a 32-bit LCG and Box–Muller): the same noisy datasets
 * on every run, with no dependency on the simulator's engine.
 */
export function seededNormal(seed: number): () => number {
  let s = seed >>> 0;
  const u = (): number => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return (s + 0.5) / 4294967296;
  };
  return () => Math.sqrt(-2 * Math.log(u())) * Math.cos(2 * Math.PI * u());
}
