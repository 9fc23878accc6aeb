import { createTheme, type MantineColor } from '@mantine/core';
import type { ColorTheme } from '../lib/settings-store.ts';

/** The six color themes of the specification, as Mantine primary colors. */
export const THEME_COLORS: Record<ColorTheme, MantineColor> = {
  default: 'blue',
  amethyst: 'violet',
  city: 'orange',
  flat: 'teal',
  modern: 'cyan',
  smooth: 'grape',
};

export const themeFor = (colorTheme: ColorTheme) =>
  createTheme({
    primaryColor: THEME_COLORS[colorTheme],
    defaultRadius: 'md',
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  });
