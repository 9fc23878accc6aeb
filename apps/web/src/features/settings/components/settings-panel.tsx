import { Button, SegmentedControl, Select, Stack, Switch, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  COLOR_THEMES,
  DARK_MODES,
  LANGUAGES,
  MAIN_CONTENTS,
  NAVIGATIONS,
  settingsStore,
  updateSettings,
  useSettings,
  type LayoutSettings,
} from '../../../lib/settings-store.ts';

type BooleanKey = {
  [K in keyof LayoutSettings]: LayoutSettings[K] extends boolean ? K : never;
}[keyof LayoutSettings];

const SWITCHES: { key: BooleanKey; label: string }[] = [
  { key: 'sidebarMini', label: 'settings.sidebarMini' },
  { key: 'sidebarDark', label: 'settings.sidebarDark' },
  { key: 'headerDark', label: 'settings.headerDark' },
  { key: 'headerFixed', label: 'settings.headerFixed' },
  { key: 'headerLoader', label: 'settings.headerLoader' },
  { key: 'pageLoader', label: 'settings.pageLoader' },
  { key: 'rtlSupport', label: 'settings.rtlSupport' },
];

/** The user's layout settings (specification section 3), saved in this browser for this user. */
export function SettingsPanel() {
  const { t } = useTranslation();
  const s = useSettings();
  return (
    <Stack gap="sm" data-testid="settings-panel">
      <Select
        label={t('settings.colorTheme')}
        data={COLOR_THEMES.map((v) => ({ value: v, label: t(`settings.themes.${v}`) }))}
        value={s.colorTheme}
        onChange={(v) => v && updateSettings({ colorTheme: v as LayoutSettings['colorTheme'] })}
        allowDeselect={false}
        comboboxProps={{ withinPortal: false, keepMounted: false }}
        data-testid="setting-color-theme"
      />
      <div>
        <Text size="sm" fw={500} mb={4} id="setting-dark-mode">
          {t('settings.darkMode')}
        </Text>
        <SegmentedControl
          fullWidth
          aria-labelledby="setting-dark-mode"
          data={DARK_MODES.map((v) => ({ value: v, label: t(`settings.darkModes.${v}`) }))}
          value={s.darkMode}
          onChange={(v) => updateSettings({ darkMode: v as LayoutSettings['darkMode'] })}
          data-testid="setting-dark-mode"
        />
      </div>
      <div>
        <Text size="sm" fw={500} mb={4} id="setting-sidebar-position">
          {t('settings.sidebarPosition')}
        </Text>
        <SegmentedControl
          fullWidth
          aria-labelledby="setting-sidebar-position"
          data={[
            { value: 'left', label: t('settings.left') },
            { value: 'right', label: t('settings.right') },
          ]}
          value={s.sidebarLeft ? 'left' : 'right'}
          onChange={(v) => updateSettings({ sidebarLeft: v === 'left' })}
        />
      </div>
      <div>
        <Text size="sm" fw={500} mb={4} id="setting-main-content">
          {t('settings.mainContent')}
        </Text>
        <SegmentedControl
          fullWidth
          aria-labelledby="setting-main-content"
          data={MAIN_CONTENTS.map((v) => ({ value: v, label: t(`settings.mainContents.${v}`) }))}
          value={s.mainContent}
          onChange={(v) => updateSettings({ mainContent: v as LayoutSettings['mainContent'] })}
        />
      </div>
      <Select
        label={t('settings.navigation')}
        data={NAVIGATIONS.map((v) => ({ value: v, label: t(`settings.navigations.${v}`) }))}
        value={s.navigation}
        onChange={(v) => v && updateSettings({ navigation: v as LayoutSettings['navigation'] })}
        allowDeselect={false}
        comboboxProps={{ withinPortal: false, keepMounted: false }}
      />
      {SWITCHES.map(({ key, label }) => (
        <Switch
          key={key}
          label={t(label)}
          checked={s[key]}
          onChange={(e) => updateSettings({ [key]: e.currentTarget.checked })}
        />
      ))}
      <Select
        label={t('settings.language')}
        data={LANGUAGES.map((v) => ({ value: v, label: t(`settings.languages.${v}`) }))}
        value={s.language}
        onChange={(v) => v && updateSettings({ language: v as LayoutSettings['language'] })}
        allowDeselect={false}
        comboboxProps={{ withinPortal: false, keepMounted: false }}
        data-testid="setting-language"
      />
      <Button variant="default" onClick={() => settingsStore.reset()}>
        {t('settings.reset')}
      </Button>
    </Stack>
  );
}
