import { describe, expect, it } from 'vitest';
import { boxAngleText } from '../../../../../src/renderer/ui/circuit-diagram/angle-text';

describe('boxAngleText: the angle line of a gate box, nine character widths', () => {
  it.each([
    [['0.5'], '0.5'],
    [['theta=0.5'], 'theta=0.5'],
    // The cut mark counts two: 2 + 2 + 1 + 4.
    [['mixing_angle=1.23'], 'mi…=1.23'],
    [['theta0=-0.79'], 't…=-0.79'],
    // No room for a character of the name: the value alone.
    [['gamma_0=-0.785'], '-0.785'],
    [['a=0.4', '0.1', 'c=2'], '0.4,0.1,2'],
    [['1.1', '0.4', '-0.5'], '1.1,0.4…'],
    [['0.123456789'], '0.12345…'],
  ])('%j → %s', (angles, text) => {
    expect(boxAngleText(angles, 9)).toBe(text);
  });
});
