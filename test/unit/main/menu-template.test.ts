import { describe, expect, it } from 'vitest';
import { buildMenuTemplate } from '../../../src/main/menu-template';

type MenuItemConstructorOptions = ReturnType<typeof buildMenuTemplate>[number];

function flatten(items: MenuItemConstructorOptions[]): MenuItemConstructorOptions[] {
  return items.flatMap((i) => [i, ...(Array.isArray(i.submenu) ? flatten(i.submenu) : [])]);
}

function menu(isMac: boolean, isDev = false) {
  const sent: string[] = [];
  const other: string[] = [];
  const template = buildMenuTemplate({
    isMac,
    isDev,
    appName: 'Quantum Job Studio',
    actions: {
      command: (c) => sent.push(c),
      openLogFolder: () => other.push('log'),
      showAbout: () => other.push('about'),
    },
  });
  return { items: flatten(template), template, sent, other };
}

describe('the application menu', () => {
  it('sends the usual accelerators to the UI as ui.command events', () => {
    const { items, sent } = menu(false);
    const byAccelerator = new Map(
      items.filter((i) => i.accelerator).map((i) => [i.accelerator, i]),
    );
    for (const [accelerator, command] of [
      ['CmdOrCtrl+N', 'tab.new'],
      ['CmdOrCtrl+O', 'file.open'],
      ['CmdOrCtrl+S', 'file.save'],
      ['CmdOrCtrl+Shift+S', 'file.saveAs'],
      ['CmdOrCtrl+Enter', 'job.submit'],
      ['CmdOrCtrl+J', 'job.openById'],
    ] as const) {
      const item = byAccelerator.get(accelerator);
      expect(item, accelerator).toBeDefined();
      (item!.click as () => void)();
      expect(sent.at(-1)).toBe(command);
    }
  });

  it('has File, Edit, View, Job and Help, with the log folder under Help', () => {
    const { template, items, other } = menu(false);
    expect(template.map((m) => m.label)).toEqual(['&File', '&Edit', '&View', '&Job', '&Help']);
    (items.find((i) => i.label === 'Open Log Folder')!.click as () => void)();
    expect(other).toEqual(['log']);
  });

  it('offers developer tools only in development', () => {
    expect(menu(false, false).items.some((i) => i.role === 'toggleDevTools')).toBe(false);
    expect(menu(false, true).items.some((i) => i.role === 'toggleDevTools')).toBe(true);
  });

  it('puts About and Quit in the app menu on macOS', () => {
    const { template } = menu(true);
    expect(template[0]!.label).toBe('Quantum Job Studio');
    expect(flatten(template.slice(1)).some((i) => i.role === 'quit')).toBe(false);
  });
});
