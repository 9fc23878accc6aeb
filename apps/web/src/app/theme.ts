import {
  createTheme,
  darken,
  DEFAULT_THEME,
  lighten,
  luminance,
  type CSSVariablesResolver,
  type MantineColor,
  type MantineColorsTuple,
} from '@mantine/core';
import type { ColorTheme } from '../lib/settings-store.ts';
import { ACCESSIBLE_COLORS } from './accessible-colors.ts';

/** The six color themes of the specification, as Mantine primary colors. */
export const THEME_COLORS: Record<ColorTheme, MantineColor> = {
  default: 'blue',
  amethyst: 'violet',
  city: 'orange',
  flat: 'teal',
  modern: 'cyan',
  smooth: 'grape',
};

/** WCAG 2.1 contrast ratio of two colors. */
export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** WCAG AA for normal text; large text and controls need only 3:1, so one rule for all is on the safe side. */
export const AA = 4.5;

const WHITE = DEFAULT_THEME.white;
const DARK = DEFAULT_THEME.colors.dark;
/** The surfaces of the dark scheme that text sits on: body, cards and inputs, hovered rows. */
export const DARK_SURFACES = [DARK[7], DARK[6], DARK[5]];

const hex = (rgba: string) => {
  const m = rgba.match(/\d+(\.\d+)?/g)!.map(Number);
  return `#${m
    .slice(0, 3)
    .map((n) => Math.round(n).toString(16).padStart(2, '0'))
    .join('')}`;
};

/** `color`, darkened (or lightened) in small steps until it has AA contrast on every background. */
function until(color: string, backgrounds: string[], step: (c: string) => string): string {
  let c = color;
  for (let i = 0; i < 60 && backgrounds.some((bg) => contrast(c, bg) < AA); i++) c = hex(step(c));
  return c;
}
const darker = (c: string) => darken(c, 0.03);
const lighter = (c: string) => lighten(c, 0.05);

/**
 * Mantine's palette with the shades that carry text made accessible, so that every variant of every color
 * meets AA in both schemes without a page having to choose: shade 8 (filled buttons and badges with white
 * text, colored text and links on white) and 7 (hover) reach 4.5:1 on white, shade 9 (the text of light
 * badges and buttons) 4.5:1 on shades 1 and 2 (their background), and shade 4 (colored text and outlines in
 * dark) 4.5:1 on the dark surfaces. Lighter shades, used as backgrounds, stay as Mantine draws them.
 */
export function accessibleColors(colors = DEFAULT_THEME.colors): Record<string, MantineColorsTuple> {
  const out: Record<string, MantineColorsTuple> = {};
  for (const [name, tuple] of Object.entries(colors)) {
    if (name === 'dark') {
      out[name] = tuple;
      continue;
    }
    const s = [...tuple];
    s[7] = until(s[7]!, [WHITE], darker);
    s[8] = until(s[8]!, [WHITE], darker);
    if (luminance(s[8]) > luminance(s[7])) s[8] = hex(darken(s[7], 0.08));
    s[9] = until(s[9]!, [WHITE, s[1]!, s[2]!], darker);
    if (luminance(s[9]) > luminance(s[8])) s[9] = hex(darken(s[8], 0.1));
    s[4] = until(s[4]!, DARK_SURFACES, lighter);
    out[name] = s as unknown as MantineColorsTuple;
  }
  return out;
}

const COLORS = ACCESSIBLE_COLORS;

/**
 * The scheme-wide text colors Mantine draws too light for AA: dimmed text (gray 6 is 3.3:1 on white),
 * error text and placeholders; in dark, dimmed text on the dark surfaces.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-8)',
    '--mantine-color-placeholder': 'var(--mantine-color-gray-7)',
  },
  dark: {
    '--mantine-color-dimmed': 'var(--mantine-color-dark-1)',
    '--mantine-color-error': 'var(--mantine-color-red-4)',
    '--mantine-color-placeholder': 'var(--mantine-color-dark-1)',
  },
});

/** A select's list, unmounted while closed (see themeFor). */
export const CLOSED_LIST = { keepMounted: false } as const;

export const themeFor = (colorTheme: ColorTheme, closeLabel = 'Tutup') =>
  createTheme({
    colors: COLORS,
    primaryColor: THEME_COLORS[colorTheme],
    // filled buttons and badges on shade 8 in both schemes: white text on it meets AA (see accessibleColors)
    primaryShade: { light: 8, dark: 8 },
    defaultRadius: 'md',
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    // the focus ring for keyboard users on every control (inputs get theirs in app.css)
    focusRing: 'auto',
    components: {
      // Mantine puts an unnamed focusable placeholder among a menu's items (axe: aria-required-children);
      // without it, opening a menu focuses its first item, as WAI-ARIA menus do.
      Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
      // A table wider than its box scrolls inside it (a phone, a half-width column): the keyboard reaches the box
      // so its hidden columns can be scrolled to (axe: scrollable-region-focusable)
      TableScrollContainer: { defaultProps: { scrollAreaProps: { viewportProps: { tabIndex: 0 } } } },
      // A select's list is rendered when it opens. Mantine keeps every closed list mounted (hidden), and Floating
      // UI positions each one as the page first renders: a dozen forced style recalculations per select, 100 ms
      // of a phone's CPU on a list screen with three filters. (A select that sets its own comboboxProps says
      // keepMounted: false itself.)
      Select: { defaultProps: { comboboxProps: CLOSED_LIST } },
      MultiSelect: { defaultProps: { comboboxProps: CLOSED_LIST } },
      Autocomplete: { defaultProps: { comboboxProps: CLOSED_LIST } },
      TagsInput: { defaultProps: { comboboxProps: CLOSED_LIST } },
      // Every notification (toasts included): the description under a title is gray 6 in Mantine (3.3:1 on
      // white, 3.5:1 on the dark card); it takes the scheme's dimmed text, and the close button has a name.
      Notification: {
        defaultProps: { closeButtonProps: { 'aria-label': closeLabel } },
        styles: { description: { color: 'var(--mantine-color-dimmed)' } },
      },
      // A badge is never cut ("MENUN...", "H.."): it keeps its whole text in sentence case and does not shrink
      // in a narrow table cell; a long one wraps instead.
      Badge: {
        defaultProps: { tt: 'none' },
        styles: {
          root: { flexShrink: 0, maxWidth: '100%', height: 'auto', minHeight: 'var(--badge-height)' },
          label: { overflow: 'visible', whiteSpace: 'normal', textOverflow: 'clip' },
        },
      },
    },
  });
