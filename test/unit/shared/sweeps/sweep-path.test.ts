import { describe, expect, it } from 'vitest';
import { parseSweepPath } from '../../../../src/shared/sweeps/sweep-path';
import { formatIssuePath } from '../../../../src/shared/variants/issues';

describe('parseSweepPath', () => {
  it('reads the paths the dialect reader reports, and round-trips with formatIssuePath', () => {
    const paths = [
      ['sampling_payload', 'sampling', 'circuit', 'gates', 0, 'theta'],
      ['a', 'odd key', 2],
      ['rabi_experiment_payload', 'rabi_experiment', 'drive_pulse_duration', 10],
    ];
    for (const path of paths) expect(parseSweepPath(formatIssuePath(path))).toEqual(path);
    expect(parseSweepPath(' x.y[3] ')).toEqual(['x', 'y', 3]);
  });

  it('refuses what is not a path, saying where', () => {
    expect(() => parseSweepPath('')).toThrow('the path is empty');
    expect(() => parseSweepPath('a..b')).toThrow('an empty key at character 2');
    expect(() => parseSweepPath('a[0')).toThrow('a [ is not closed');
    expect(() => parseSweepPath('a[x]')).toThrow('brackets hold an index or a quoted key');
    expect(() => parseSweepPath('a.')).toThrow('an empty key');
  });
});
