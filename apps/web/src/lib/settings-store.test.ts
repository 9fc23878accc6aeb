import { describe, expect, it } from 'vitest';
import { createSettingsStore, DEFAULT_SETTINGS, parseSettings, settingsKey } from './settings-store.ts';

function memoryStorage(): Storage {
  const data = new Map<string, string>();
  return {
    get length() {
      return data.size;
    },
    clear: () => data.clear(),
    getItem: (k) => data.get(k) ?? null,
    key: (i) => [...data.keys()][i] ?? null,
    removeItem: (k) => void data.delete(k),
    setItem: (k, v) => void data.set(k, String(v)),
  };
}

describe('layout settings', () => {
  it('keeps only known keys with valid values', () => {
    expect(parseSettings('{"colorTheme":"city","darkMode":"purple","authToken":"x"}')).toEqual({
      ...DEFAULT_SETTINGS,
      colorTheme: 'city',
    });
    expect(parseSettings('not json')).toEqual(DEFAULT_SETTINGS);
  });

  it('persists per user and survives a new store (a reload)', () => {
    const storage = memoryStorage();
    const store = createSettingsStore(storage);
    store.setOwner('u7');
    store.set({ colorTheme: 'amethyst', darkMode: 'dark' });
    expect(JSON.parse(storage.getItem(settingsKey('u7'))!)).toMatchObject({ colorTheme: 'amethyst' });

    const reloaded = createSettingsStore(storage);
    expect(reloaded.get().colorTheme).toBe('default');
    reloaded.setOwner('u7');
    expect(reloaded.get()).toMatchObject({ colorTheme: 'amethyst', darkMode: 'dark' });

    reloaded.setOwner('u8');
    expect(reloaded.get().colorTheme).toBe('default');
    reloaded.setOwner(null);
    expect(reloaded.get()).toEqual(DEFAULT_SETTINGS);
  });

  it('never stores anything but UI preferences', () => {
    const storage = memoryStorage();
    const store = createSettingsStore(storage);
    store.setOwner('u1');
    store.set({ sidebarMini: true });
    const stored = Object.keys(JSON.parse(storage.getItem(settingsKey('u1'))!));
    expect(stored.sort()).toEqual(Object.keys(DEFAULT_SETTINGS).sort());
  });
});
