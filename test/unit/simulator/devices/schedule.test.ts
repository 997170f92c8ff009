import { describe, expect, it } from 'vitest';
import { SimClock } from '../../../../src/simulator/clock';
import { CATALOGUE } from '../../../../src/simulator/devices/catalogue';
import { DeviceRegistry } from '../../../../src/simulator/devices/device-registry';
import { nextChangeAfter, planFor, statusAt } from '../../../../src/simulator/devices/schedule';

describe('device schedule', () => {
  it('is derived from the seed: same seed, same windows; other seed, other windows', () => {
    const a = planFor('maintenance-window', 1, 'qpu.digital.sirius');
    expect(planFor('maintenance-window', 1, 'qpu.digital.sirius')).toEqual(a);
    expect(planFor('maintenance-window', 2, 'qpu.digital.sirius')).not.toEqual(a);
  });

  it('opens and closes a recurring maintenance window', () => {
    const plan = planFor('maintenance-window', 42, 'x');
    const w = plan.windows[0];
    if (!w || !plan.repeatEvery) throw new Error('expected a recurring window');
    expect(statusAt(plan, 0)).toBe('online');
    expect(nextChangeAfter(plan, 0)).toBe(w.from);
    expect(statusAt(plan, w.from)).toBe('maintenance');
    expect(nextChangeAfter(plan, w.from)).toBe(w.to);
    expect(statusAt(plan, w.to)).toBe('online');
    expect(statusAt(plan, w.from + plan.repeatEvery + 1)).toBe('maintenance');
    expect(nextChangeAfter(plan, w.to)).toBe(w.from + plan.repeatEvery);
  });

  it('starts with all three statuses and brings devices back online as simulated time passes', () => {
    let wall = 1_000_000;
    const clock = new SimClock(1000, () => wall);
    const devices = new DeviceRegistry(CATALOGUE, 1, clock);
    expect(new Set(devices.list().map((d) => d.status))).toEqual(
      new Set(['online', 'maintenance', 'offline']),
    );
    expect(
      devices.list().every((d) => typeof d.id === 'number' && d.description.includes('T1')),
    ).toBe(true);
    expect(devices.status('qpu.digital.altair')).toBe('maintenance');
    expect(devices.notice('qpu.digital.altair')).toMatch(/in maintenance until/);
    expect(devices.notice('qpu.digital.sirius')).toMatch(/Scheduled maintenance/);
    expect(devices.notice('sim.statevector')).toBeNull();

    wall += devices.msUntilChange('qpu.digital.altair') ?? Infinity;
    expect(devices.status('qpu.digital.altair')).toBe('online');
    wall += (5 * 3600 * 1000) / 1000; // five simulated hours at speed 1000
    expect(devices.status('qpu.analog.deneb')).toBe('online');
  });

  it("shows each device's qubit parameters in its description", () => {
    const clock = new SimClock(1);
    const sirius = new DeviceRegistry(CATALOGUE, 1, clock)
      .list()
      .find((d) => d.code === 'qpu.digital.sirius');
    const spec = CATALOGUE.find((d) => d.code === 'qpu.digital.sirius');
    expect(sirius?.description).toContain(`T1 ${spec?.physical.qubits[0]?.t1Us} µs`);
    expect(sirius?.description).toMatch(/q4: /);
  });
});
