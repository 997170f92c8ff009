/**
 * The memory floor: how fast this machine moves a state vector's bytes, measured in the same
 * process as the kernels it is compared with. A state of `dim` amplitudes is two Float64Arrays
 * (real, imaginary); one floor pass copies both into two others with `TypedArray.set` (a
 * memcpy: it reads every byte once and writes every byte once, as a gate that touches the whole
 * state must). A kernel's time over the floor pass's time is the number of passes it costs.
 */

export interface Floor {
  dim: number;
  /** Median ms of one copy pass over the whole state (both arrays). */
  passMs: number;
  /** Bytes read plus bytes written per ms, in GB/s. */
  gbPerS: number;
}

function median(values: number[]): number {
  const sorted = values.slice().sort((a, b) => a - b);
  return sorted[sorted.length >> 1]!;
}

export function measureFloor(dim: number, runs = 9): Floor {
  const src = [new Float64Array(dim).fill(0.5), new Float64Array(dim).fill(0.25)] as const;
  const dst = [new Float64Array(dim), new Float64Array(dim)] as const;
  dst[0].set(src[0]);
  dst[1].set(src[1]);
  const times: number[] = [];
  for (let r = 0; r < runs; r++) {
    const t = performance.now();
    dst[0].set(src[0]);
    dst[1].set(src[1]);
    times.push(performance.now() - t);
  }
  const passMs = median(times);
  return { dim, passMs, gbPerS: (2 * 16 * dim) / (passMs * 1e6) };
}
