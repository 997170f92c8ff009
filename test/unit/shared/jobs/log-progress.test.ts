import { describe, expect, it } from 'vitest';
import { readLogProgress } from '../../../../src/shared/jobs/log-progress';

const line = (text: string) => `2026-11-25T08:40:08.277Z ${text}\n`;

describe('readLogProgress', () => {
  it('reads the last progress line of a log, with what it says is going on', () => {
    const logs =
      line('started on device Vega (qpu.analog.vega)') +
      line('progress 10%: iteration 6/60, cost -0.41') +
      line('progress 40%: computed; Vega is finishing its run') +
      line('a line that is not progress');
    expect(readLogProgress(logs)).toEqual({
      fraction: 0.4,
      message: 'computed; Vega is finishing its run',
    });
  });

  it('reads a bare percentage and ignores what only looks like one', () => {
    expect(readLogProgress(line('progress 100%'))).toEqual({ fraction: 1, message: '' });
    expect(readLogProgress(line('no progress 150%') + line('regress 50%'))).toBeNull();
    expect(readLogProgress(line('the word progress 20% in the middle of text'))).toBeNull();
  });

  it('has nothing to say about an empty log or one without progress lines', () => {
    expect(readLogProgress('')).toBeNull();
    expect(readLogProgress(null)).toBeNull();
    expect(readLogProgress(line('validating the payload'))).toBeNull();
  });

  it('reads only the end of a long log', () => {
    const early = line('progress 30%: early');
    const filler = line('x'.repeat(100)).repeat(2000);
    expect(readLogProgress(early + filler)).toBeNull();
    expect(readLogProgress(filler + line('progress 70%: late'))).toEqual({
      fraction: 0.7,
      message: 'late',
    });
  });
});
