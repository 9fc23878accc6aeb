import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type BrowserContext, type Page } from '@playwright/test';

/**
 * Checks of a loaded screen beside axe's, run by the audit of every menu screen (axe.spec.ts): what a person sees
 * on a phone and in either language. Each returns its problems as lines naming the screen.
 */

/** The classes Mantine's stylesheets style (`m_89d60db1`, a Tabs root), read from the package's full stylesheet. */
export const MANTINE_STYLED = (() => {
  const file = createRequire(import.meta.url).resolve('@mantine/core/styles.css');
  return [
    ...new Set(
      readFileSync(file, 'utf8')
        .match(/\.m_[0-9a-f]+/g)
        ?.map((c) => c.slice(1)) ?? [],
    ),
  ];
})();

/**
 * Text that reads like a translation key (`list.export`, `fin.counter.title`): a text node or a label made of
 * dotted identifiers only, as i18next shows a key whose text the screen's chunk did not load. Host names and file
 * names (`mms.sch.id`, `rapor.xlsx`) are data, not keys.
 */
export async function keyLikeTexts(page: Page, label: string): Promise<string[]> {
  const found = await page.evaluate(() => {
    const KEY = /^[a-z][a-zA-Z0-9]*(?:\.[a-zA-Z][a-zA-Z0-9_]*)+$/;
    const DATA = /\.(id|com|org|net|sch|ac|go|co|xlsx|xls|docx|pdf|png|jpe?g|csv|zip|txt|svg|webp)$/i;
    const looksLikeKey = (s: string | null | undefined) => {
      const text = (s ?? '').trim();
      return KEY.test(text) && !DATA.test(text) ? text : null;
    };
    const out = new Set<string>();
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const key = looksLikeKey(node.textContent);
      const parent = node.parentElement;
      // an identifier shown on purpose (a permission's name on the permission table) is marked as code
      if (key && parent && parent.closest('script,style,[hidden],code') === null && parent.getClientRects().length > 0)
        out.add(key);
    }
    for (const el of document.querySelectorAll('[aria-label],[placeholder],[title],[alt]'))
      for (const attr of ['aria-label', 'placeholder', 'title', 'alt']) {
        const key = looksLikeKey(el.getAttribute(attr));
        if (key) out.add(`${attr}="${key}"`);
      }
    return [...out];
  });
  return found.map((key) => `${label}: a translation key on screen: ${key}`);
}

/** An amount or a date broken over two lines ("Rp" above "4.500.000", a date after its day): read whole or not at all. */
export async function wrappedFigures(page: Page, label: string): Promise<string[]> {
  const found = await page.evaluate(() => {
    const FIGURE = /^(-?Rp\s?[\d.]+|\d{2}\/\d{2}\/\d{4})$/;
    const out = new Set<string>();
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = (node.textContent ?? '').trim();
      if (!FIGURE.test(text)) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
      if (lines.size > 1) out.add(text);
    }
    return [...out];
  });
  return found.slice(0, 5).map((text) => `${label}: "${text}" is broken over two lines`);
}

/** A list that shows rows and also says it has none ("Tidak ada data yang cocok." under its pager). */
export async function emptyBesideRows(page: Page, label: string): Promise<string[]> {
  const found = await page.evaluate(() =>
    [...document.querySelectorAll('.mantine-datatable')]
      .filter((list) => list.querySelector('tbody tr.mantine-datatable-row'))
      .map((list) => list.querySelector('.mantine-datatable-empty-state')?.textContent?.trim() ?? '')
      .filter((text) => text !== ''),
  );
  return found.map((text) => `${label}: a list with rows also says "${text}"`);
}

/**
 * Mantine components on screen without their stylesheet: a class Mantine's CSS styles (MANTINE_STYLED) that no
 * stylesheet of the page has a rule for (tabs whose labels run together, an unstyled progress bar).
 */
export async function unstyledMantine(page: Page, label: string): Promise<string[]> {
  const missing = await page.evaluate((styled) => {
    const loaded = new Set<string>();
    const collect = (rules: CSSRuleList) => {
      for (const rule of rules) {
        if (rule instanceof CSSStyleRule) for (const m of rule.selectorText.match(/m_[0-9a-f]+/g) ?? []) loaded.add(m);
        if ('cssRules' in rule && (rule as CSSGroupingRule).cssRules) collect((rule as CSSGroupingRule).cssRules);
      }
    };
    for (const sheet of document.styleSheets) {
      try {
        collect(sheet.cssRules);
      } catch {
        // a stylesheet of another origin: none here
      }
    }
    const wanted = new Set(styled);
    const out = new Map<string, string>();
    for (const el of document.body.querySelectorAll('[class*="m_"]'))
      for (const c of el.classList)
        if (wanted.has(c) && !loaded.has(c) && !out.has(c))
          out.set(c, [...el.classList].find((n) => n.startsWith('mantine-')) ?? el.tagName.toLowerCase());
    return [...out].map(([c, name]) => `${name} (${c})`);
  }, MANTINE_STYLED);
  return missing.map((m) => `${label}: a Mantine component without its styles: ${m}`);
}

/**
 * The screen at a phone's width (the caller sets the viewport): the page itself never scrolls sideways (a wide
 * table scrolls inside its own box, so its last column, the actions, is reachable), no table is cut off by a box
 * that hides what overflows, and no filled field is too narrow for its value ("87,5" shown as "5").
 */
export async function phoneProblems(page: Page, label: string): Promise<string[]> {
  const found = await page.evaluate(() => {
    const out: string[] = [];
    const width = document.documentElement.clientWidth;
    const name = (el: Element) => {
      const cls = [...el.classList]
        .filter((c) => !c.startsWith('m_'))
        .slice(0, 2)
        .join('.');
      const text = (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
      return `<${el.tagName.toLowerCase()}${cls ? `.${cls}` : ''}> "${text}"`;
    };
    const clips = (el: Element) => {
      const s = getComputedStyle(el);
      return s.overflowX !== 'visible';
    };
    if (document.documentElement.scrollWidth > width + 1) {
      // the outermost elements that stick out of the page and are not inside a box of their own
      const wide = [...document.body.querySelectorAll('*')].filter((el) => {
        if (el.getBoundingClientRect().right <= width + 1) return false;
        for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
          if (clips(p)) return false;
          if (p.getBoundingClientRect().right > width + 1) return false;
        }
        return getComputedStyle(el).position !== 'fixed';
      });
      out.push(
        `the page scrolls sideways (${document.documentElement.scrollWidth} px in ${width}): ${wide.slice(0, 3).map(name).join(', ')}`,
      );
    }
    const footer = document.querySelector('[data-testid="app-footer"]');
    for (let p = footer; p; p = p.parentElement)
      if (getComputedStyle(p).position === 'fixed') {
        out.push('the footer is fixed to the bottom of the screen: it covers the page (it should scroll with it)');
        break;
      }
    for (const table of document.querySelectorAll('table')) {
      if (table.getClientRects().length === 0) continue;
      const right = table.getBoundingClientRect().right;
      for (let p = table.parentElement; p && p !== document.body; p = p.parentElement) {
        const s = getComputedStyle(p);
        if (s.overflowX === 'visible') continue;
        if ((s.overflowX === 'hidden' || s.overflowX === 'clip') && right > p.getBoundingClientRect().right + 1)
          out.push(`a table is cut off, its last columns out of reach: ${name(table)}`);
        break;
      }
    }
    for (const input of document.querySelectorAll<HTMLInputElement>('input')) {
      // a number cut to its last digits is wrong data ("87,5" read as "5"); a long name ends out of view as usual
      if (input.getClientRects().length === 0 || !/^[-+]?[\d.,]+$/.test(input.value.trim())) continue;
      if (!['text', 'number', 'search', 'tel', 'email', ''].includes(input.type)) continue;
      if (input.scrollWidth > input.clientWidth + 1)
        out.push(
          `a field too narrow for its value "${input.value}": ${input.getAttribute('aria-label') ?? input.name}`,
        );
    }
    return out;
  });
  return found.map((p) => `${label} (360 px): ${p}`);
}

/**
 * Another tab of the same browser, where the settings are changed as a person would change them in a second
 * window: the screen follows (the settings store listens to the storage event) without loading again.
 */
export async function settingsTab(context: BrowserContext, page: Page) {
  const session = (await (await page.request.get('/api/v1/auth/session')).json()) as { user: { id: number } };
  const key = `mms:settings:u${session.user.id}`;
  const tab = await context.newPage();
  await tab.goto('/favicon.svg');
  return async (language: 'id' | 'en') => {
    await tab.evaluate(
      ([k, lang]) => {
        const current = JSON.parse(localStorage.getItem(k!) ?? '{}') as Record<string, unknown>;
        localStorage.setItem(k!, JSON.stringify({ ...current, language: lang }));
      },
      [key, language],
    );
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    // the language's texts have loaded: the header's search button is named in it
    await expect(
      page.getByRole('button', { name: language === 'en' ? 'Open search' : 'Buka pencarian' }).first(),
    ).toBeAttached();
  };
}
