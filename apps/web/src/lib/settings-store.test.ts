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

  it('tells its listeners of a new owner only when the settings differ (the app renders again for each change)', () => {
    const storage = memoryStorage();
    const store = createSettingsStore(storage);
    let changes = 0;
    store.subscribe(() => changes++);
    const guest = store.get();
    store.setOwner('u1'); // no settings of their own: the guest's apply, nothing on screen changes
    expect(changes).toBe(0);
    expect(store.get()).toBe(guest);
    store.set({ colorTheme: 'city' });
    expect(changes).toBe(1);
    store.setOwner('u2'); // the guest's default theme again: a change
    expect(changes).toBe(2);
    expect(store.get().colorTheme).toBe('default');
    store.setOwner('u1');
    expect(changes).toBe(3);
    expect(store.get().colorTheme).toBe('city');
  });

  it("follows the owner's settings stored by another tab, and only the owner's", () => {
    const storage = memoryStorage();
    const store = createSettingsStore(storage);
    store.setOwner('u1');
    let changes = 0;
    store.subscribe(() => changes++);
    store.storedElsewhere(settingsKey('u2'), JSON.stringify({ language: 'en' }));
    expect(store.get().language).toBe('id');
    store.storedElsewhere(settingsKey('u1'), JSON.stringify({ language: 'en', darkMode: 'dark' }));
    expect(store.get()).toMatchObject({ language: 'en', darkMode: 'dark' });
    expect(changes).toBe(1);
    store.storedElsewhere(settingsKey('u1'), JSON.stringify({ language: 'en', darkMode: 'dark' }));
    expect(changes).toBe(1);
    // the other tab reset them: the guest's apply again
    store.storedElsewhere(settingsKey('u1'), null);
    expect(store.get()).toEqual(DEFAULT_SETTINGS);
    expect(changes).toBe(2);
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
