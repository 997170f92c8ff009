import { describe, expect, it } from 'vitest';
import { deviceFits, pickDevice } from '../../../../src/shared/devices/device-fit';
import type { PickableDevice } from '../../../../src/shared/devices/device-fit';
import { readHeaderComment } from '../../../../src/shared/yaml/header-comment';

const SIM: PickableDevice = { code: 'sim.statevector', type: 'simulator', status: 'online' };
const SIRIUS: PickableDevice = {
  code: 'qpu.digital.sirius',
  type: 'qpu.digital',
  status: 'online',
};
const VEGA: PickableDevice = { code: 'qpu.analog.vega', type: 'qpu.analog', status: 'online' };
const ALTAIR: PickableDevice = {
  code: 'qpu.digital.altair',
  type: 'qpu.digital',
  status: 'maintenance',
};
const ALL = [SIRIUS, VEGA, ALTAIR, SIM];

describe('the device the pre-flight picks', () => {
  it('is the one a document names for itself, when it is there and online', () => {
    expect(pickDevice(ALL, 'sim.statevector', 'qpu.analog.vega')).toBe('qpu.analog.vega');
    // In maintenance, or not offered by this connection: the usual pick instead.
    expect(pickDevice(ALL, null, 'qpu.digital.altair')).toBe('sim.statevector');
    expect(pickDevice(ALL, null, 'elsewhere.qpu')).toBe('sim.statevector');
  });

  it('keeps the device already picked while it fits, else an online simulator first', () => {
    expect(pickDevice(ALL, 'qpu.digital.sirius')).toBe('qpu.digital.sirius');
    expect(pickDevice(ALL, 'gone')).toBe('sim.statevector');
    const circuitsOnly = ALL.filter((d) => deviceFits(d.type, 'circuit') && d.type !== 'simulator');
    expect(pickDevice(circuitsOnly, null)).toBe('qpu.digital.sirius');
    expect(pickDevice([ALTAIR], null)).toBe('qpu.digital.altair');
    expect(pickDevice([], null, 'qpu.analog.vega')).toBeNull();
  });
});

describe("a payload document's header", () => {
  it('names its title, description (over several lines) and device, up to the first content', () => {
    const text = [
      '# title: T1 relaxation',
      '# description: Excite qubit 0',
      '# description: and wait.',
      '',
      '# device: qpu.analog.vega',
      'type: t1_experiment',
      '# device: not.this.one',
    ].join('\n');
    expect(readHeaderComment(text)).toEqual({
      title: 'T1 relaxation',
      description: 'Excite qubit 0 and wait.',
      device: 'qpu.analog.vega',
    });
    expect(readHeaderComment('type: sampling\n')).toEqual({});
  });
});
