import { useSyncExternalStore } from 'react';

export const COLOR_THEMES = ['default', 'amethyst', 'city', 'flat', 'modern', 'smooth'] as const;
export type ColorTheme = (typeof COLOR_THEMES)[number];
export const DARK_MODES = ['light', 'dark', 'system'] as const;
export type DarkMode = (typeof DARK_MODES)[number];
export const MAIN_CONTENTS = ['full', 'boxed', 'narrow'] as const;
export type MainContent = (typeof MAIN_CONTENTS)[number];
export const LANGUAGES = ['id', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const NAVIGATIONS = ['sidebar', 'horizontal'] as const;
export type Navigation = (typeof NAVIGATIONS)[number];

/** Layout settings of specification section 3: UI preferences only, never a credential. */
export interface LayoutSettings {
  colorTheme: ColorTheme;
  darkMode: DarkMode;
  sidebarLeft: boolean;
  sidebarMini: boolean;
  sidebarDark: boolean;
  headerDark: boolean;
  headerFixed: boolean;
  headerLoader: boolean;
  mainContent: MainContent;
  rtlSupport: boolean;
  pageLoader: boolean;
  language: Language;
  /** backend with a sidebar, or the boxed backend with a horizontal menu */
  navigation: Navigation;
}

export const DEFAULT_SETTINGS: LayoutSettings = {
  colorTheme: 'default',
  darkMode: 'system',
  sidebarLeft: true,
  sidebarMini: false,
  sidebarDark: true,
  headerDark: false,
  headerFixed: true,
  headerLoader: true,
  mainContent: 'full',
  rtlSupport: false,
  pageLoader: true,
  language: 'id',
  navigation: 'sidebar',
};

const oneOf =
  <T extends string>(values: readonly T[]) =>
  (v: unknown): v is T =>
    typeof v === 'string' && (values as readonly string[]).includes(v);
const isBool = (v: unknown): v is boolean => typeof v === 'boolean';

const CHECKS: { [K in keyof LayoutSettings]: (v: unknown) => v is LayoutSettings[K] } = {
  colorTheme: oneOf(COLOR_THEMES),
  darkMode: oneOf(DARK_MODES),
  sidebarLeft: isBool,
  sidebarMini: isBool,
  sidebarDark: isBool,
  headerDark: isBool,
  headerFixed: isBool,
  headerLoader: isBool,
  mainContent: oneOf(MAIN_CONTENTS),
  rtlSupport: isBool,
  pageLoader: isBool,
  language: oneOf(LANGUAGES),
  navigation: oneOf(NAVIGATIONS),
};

/** Reads stored settings, keeping only known keys with valid values. */
export function parseSettings(raw: string | null): LayoutSettings {
  const result: LayoutSettings = { ...DEFAULT_SETTINGS };
  if (!raw) return result;
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return result;
  }
  if (!data || typeof data !== 'object') return result;
  for (const key of Object.keys(CHECKS) as (keyof LayoutSettings)[]) {
    const value = (data as Record<string, unknown>)[key];
    if (CHECKS[key](value)) (result as unknown as Record<string, unknown>)[key] = value;
  }
  return result;
}

export const GUEST_OWNER = 'guest';
export const settingsKey = (owner: string) => `mms:settings:${owner}`;

const sameSettings = (a: LayoutSettings, b: LayoutSettings) =>
  (Object.keys(DEFAULT_SETTINGS) as (keyof LayoutSettings)[]).every((key) => a[key] === b[key]);

/**
 * Settings per user in this browser. Before sign-in (and after sign-out) the guest's settings apply;
 * a user without stored settings starts from the guest's, so the language chosen at sign-in carries over.
 */
export function createSettingsStore(storage: Storage | null) {
  let owner = GUEST_OWNER;
  const read = (who: string) => {
    try {
      return storage?.getItem(settingsKey(who)) ?? null;
    } catch {
      return null;
    }
  };
  let current = parseSettings(read(owner));
  const listeners = new Set<() => void>();
  const emit = () => listeners.forEach((l) => l());

  return {
    get: () => current,
    owner: () => owner,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    set(patch: Partial<LayoutSettings>) {
      current = { ...current, ...patch };
      try {
        storage?.setItem(settingsKey(owner), JSON.stringify(current));
      } catch {
        // storage full or blocked: the settings still apply to this tab
      }
      emit();
    },
    setOwner(next: string | null) {
      const who = next ?? GUEST_OWNER;
      if (who === owner) return;
      owner = who;
      const own = read(who);
      const settings = parseSettings(own ?? read(GUEST_OWNER));
      // the same settings under a new owner (a user who keeps the guest's, the usual case at sign-in and on every
      // page load) change nothing on screen: no new object, so the app does not render itself again for it
      if (sameSettings(settings, current)) return;
      current = settings;
      emit();
    },
    /**
     * Another tab of this browser stored new settings (the `storage` event): the owner's change applies here too,
     * so a language or a theme chosen in one tab is the one every open tab shows.
     */
    storedElsewhere(key: string | null, value: string | null) {
      if (key !== settingsKey(owner)) return;
      const next = parseSettings(value ?? read(GUEST_OWNER));
      if (sameSettings(next, current)) return;
      current = next;
      emit();
    },
    reset() {
      current = { ...DEFAULT_SETTINGS, language: current.language };
      try {
        storage?.removeItem(settingsKey(owner));
      } catch {
        // ignore
      }
      emit();
    },
  };
}

export type SettingsStore = ReturnType<typeof createSettingsStore>;

const browserStorage = (() => {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
})();

export const settingsStore = createSettingsStore(browserStorage);
if (typeof window !== 'undefined')
  window.addEventListener('storage', (event) => settingsStore.storedElsewhere(event.key, event.newValue));

export function useSettings(): LayoutSettings {
  return useSyncExternalStore(settingsStore.subscribe, settingsStore.get, settingsStore.get);
}

export const updateSettings = (patch: Partial<LayoutSettings>) => settingsStore.set(patch);
