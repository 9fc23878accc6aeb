import { DEFAULT_THEME } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { COLOR_THEMES } from '../lib/settings-store.ts';
import { ACCESSIBLE_COLORS } from './accessible-colors.ts';
import {
  AA,
  accessibleColors,
  contrast,
  cssVariablesResolver,
  DARK_SURFACES,
  themeFor,
  THEME_COLORS,
} from './theme.ts';

const WHITE = DEFAULT_THEME.white;

describe('the theme meets WCAG AA contrast in every color theme, light and dark', () => {
  it('the written-out palette is the one accessibleColors() computes from Mantine', () => {
    expect(ACCESSIBLE_COLORS).toEqual(accessibleColors());
  });

  for (const colorTheme of COLOR_THEMES) {
    const theme = themeFor(colorTheme);
    const colors = theme.colors!;
    it(`${colorTheme}: filled controls, light badges, links and colored text`, () => {
      for (const [name, tuple] of Object.entries(colors)) {
        const s = tuple!;
        if (name === 'dark') continue;
        expect(contrast(WHITE, s[8]), `${name} 8: white text on filled`).toBeGreaterThanOrEqual(AA);
        expect(contrast(WHITE, s[7]), `${name} 7: white text on filled, hovered`).toBeGreaterThanOrEqual(AA);
        expect(contrast(s[9], s[1]), `${name} 9 on 1: light variant`).toBeGreaterThanOrEqual(AA);
        expect(contrast(s[9], s[2]), `${name} 9 on 2: light variant, hovered`).toBeGreaterThanOrEqual(AA);
        for (const bg of DARK_SURFACES)
          expect(contrast(s[4], bg), `${name} 4 on ${bg} (dark)`).toBeGreaterThanOrEqual(AA);
      }
      const primary = colors[THEME_COLORS[colorTheme]]!;
      expect(theme.primaryShade).toEqual({ light: 8, dark: 8 });
      expect(contrast(primary[8], WHITE), 'links on white').toBeGreaterThanOrEqual(AA);
    });
  }

  it('dimmed text, errors and placeholders', () => {
    const { light, dark } = cssVariablesResolver(themeFor('default') as never);
    const colors = themeFor('default').colors!;
    const shade = (v: string) => {
      const [, name, i] = v.match(/--mantine-color-(\w+)-(\d)/)!;
      return colors[name!]![Number(i)]!;
    };
    expect(contrast(shade(light['--mantine-color-dimmed']!), WHITE)).toBeGreaterThanOrEqual(AA);
    expect(contrast(shade(light['--mantine-color-dimmed']!), colors.gray![1]!)).toBeGreaterThanOrEqual(AA);
    expect(contrast(shade(light['--mantine-color-error']!), WHITE)).toBeGreaterThanOrEqual(AA);
    expect(contrast(shade(light['--mantine-color-placeholder']!), WHITE)).toBeGreaterThanOrEqual(AA);
    for (const bg of DARK_SURFACES) {
      expect(contrast(shade(dark['--mantine-color-dimmed']!), bg)).toBeGreaterThanOrEqual(AA);
      expect(contrast(shade(dark['--mantine-color-error']!), bg)).toBeGreaterThanOrEqual(AA);
      expect(contrast(shade(dark['--mantine-color-placeholder']!), bg)).toBeGreaterThanOrEqual(AA);
    }
  });

  it('measures contrast as WCAG does', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 1);
    expect(contrast('#868e96', '#ffffff')).toBeCloseTo(3.32, 1); // Mantine's gray 6, the old dimmed text
    expect(contrast('#ffffff', '#228be6')).toBeCloseTo(3.55, 1); // the old primary button
  });
});
