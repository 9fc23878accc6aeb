import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { menuFor, menuLinks, type Permission } from '@mms/shared';
import { menuTarget } from '../../../apps/web/src/lib/route-names.ts';
import { DEMO_PASSWORD, lastSchoolDay, settled, signIn } from '../support.ts';
import {
  emptyBesideRows,
  keyLikeTexts,
  phoneProblems,
  settingsTab,
  unstyledMantine,
  wrappedFigures,
} from './screen-checks.ts';

// WCAG 2.1 AA on every built screen, in light and in dark: axe-core finds no serious or critical violation.
// Guest pages and overlays run once per scheme; the screens of the menus are loaded once each, audited in light,
// then switched to dark (the app follows the device's scheme) and audited again, split over the two workers.
// The same load of each menu screen is then read at a phone's width (360 px: no sideways scroll of the page, no
// table cut off, no field too narrow for its value) and in both languages (no translation key on screen, no
// Mantine component without its styles): screen-checks.ts.
test.describe.configure({ mode: 'parallel' });

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const SCHEMES = ['light', 'dark'] as const;

/** Each demo account, in the order that gives each screen to the first account that sees it. */
const ACCOUNTS = ['admin', 'principal', 'wakakur', 'teacher', 'student', 'tu', 'yayasan', 'bpbk', 'teachercashier'];

async function audit(page: Page, label: string, within?: string): Promise<string[]> {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('h1').first(), `${label}: a heading`).toBeVisible();
  // let skeletons give way to data and transitions end
  await expect(page.locator('.mantine-Skeleton-root[data-visible="true"]')).toHaveCount(0, { timeout: 10_000 });
  await settled(page);
  return [...(await titleProblem(page, label)), ...(await axe(page, label, undefined, within))];
}

/** A screen's title names it ("Daftar siswa · MMS"), not only the product. */
async function titleProblem(page: Page, label: string): Promise<string[]> {
  await expect.poll(() => page.title(), { message: `${label}: title` }).toMatch(/. · MMS$/);
  return [];
}

/**
 * The rules whose outcome can change with the colour scheme. A scheme changes CSS colours only (the DOM, names,
 * roles and landmarks are the same), so the dark pass of a screen already audited in light runs these alone.
 */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/** `within`: audit only that part of the page (a screen's own content, once its account's shell is audited). */
async function axe(page: Page, label: string, rules?: string[], within?: string): Promise<string[]> {
  // Only violations are read, so axe details (and builds selectors for) no passing or inapplicable node. A page
  // of one frame is audited in place with axe.run (legacy mode); a page with frames keeps the default run, which
  // audits each frame (also a cross-origin one) and merges the results in a blank page.
  const all = new AxeBuilder({ page })
    .options({ resultTypes: ['violations'] })
    .withTags(TAGS)
    .setLegacyMode(page.frames().length === 1);
  const builder = within ? all.include(within) : all;
  const { violations } = await (rules ? builder.withRules(rules) : builder).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => {
      const node = v.nodes[0];
      return `${label}: ${v.id} (${v.impact}) ×${v.nodes.length}: ${node?.target.join(' ')} ${node?.html.slice(0, 160)} ${node?.failureSummary?.split('\n')[1] ?? ''}`;
    });
}

/**
 * The built screens in an account's menu (coming-soon entries are not screens yet): the menu the web app draws for
 * the session's permissions (menuFor of packages/shared over the login's answer), each link where the menu leads
 * (menuTarget of the web app). Read from the same functions the menu uses, not by opening every submenu of nine
 * dashboards (that took a minute of each run, while the other worker waited for the list); the menus themselves
 * are checked in the shell's journeys.
 */
async function menuScreens(page: Page, account: string): Promise<string[]> {
  const res = await page.request.post('/api/v1/auth/login', { data: { username: account, password: DEMO_PASSWORD } });
  expect(res.status(), `sign-in of ${account}`).toBe(200);
  const { permissions } = (await res.json()) as { permissions: Permission[] };
  const targets = menuLinks(menuFor((p) => permissions.includes(p))).map((link) => menuTarget(link.name));
  return [...new Set(targets.filter((h) => h.startsWith('/backend/') && !h.includes('coming-soon')))];
}

for (const scheme of SCHEMES) {
  test.describe(`axe-core, ${scheme}`, () => {
    test.use({ colorScheme: scheme });

    test(`guest pages (${scheme})`, async ({ page }) => {
      // six full audits, like the overlays' five: past the default 30 s on a busy 2-core machine (57 s at load 24)
      test.setTimeout(90_000);
      const found: string[] = [];
      for (const path of [
        '/',
        '/auth/signin',
        '/errors/404',
        '/specials/maintenance',
        '/specials/coming-soon?screen=x',
        '/no-such-page',
      ]) {
        await page.goto(path);
        found.push(...(await audit(page, path)));
      }
      expect(found).toEqual([]);
    });

    test(`the shell's overlays: user menu, search, settings panel, mobile menu (${scheme})`, async ({ page }) => {
      // five audits of a full page, 3 to 6 s each on a busy 2-core machine: past the default 30 s there
      test.setTimeout(90_000);
      await signIn(page, 'teacher');
      await page.goto('/backend/dashboard');
      const found = await audit(page, 'dashboard');
      await page.getByTestId('user-menu').click();
      await expect(page.getByRole('menu')).toBeVisible();
      found.push(...(await axe(page, 'user menu')));
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: /buka pencarian/i }).click();
      await expect(page.getByTestId('search-overlay-input')).toBeFocused();
      found.push(...(await axe(page, 'search overlay')));
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: /panel pengaturan/i }).click();
      await expect(page.getByTestId('side-overlay').getByRole('dialog')).toBeVisible();
      found.push(...(await axe(page, 'settings panel')));
      await page.keyboard.press('Escape');
      await page.setViewportSize({ width: 360, height: 740 });
      await page
        .getByRole('button', { name: /menu samping/i })
        .first()
        .click();
      // the menu is open (no longer inert) and has slid in
      await expect(page.getByTestId('sidebar')).not.toHaveAttribute('inert');
      await expect(page.getByTestId('main-menu')).toBeInViewport();
      await settled(page);
      found.push(...(await axe(page, 'mobile menu')));
      expect(found).toEqual([]);
    });
  });
}

type Screen = { account: string; path: string };

const DESKTOP = { width: 1280, height: 720 };
const PHONE = { width: 360, height: 740 };

/** The screen's data is shown: requests done, skeletons gone. */
async function loaded(page: Page) {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('.mantine-Skeleton-root[data-visible="true"]')).toHaveCount(0, { timeout: 10_000 });
}

/**
 * The screen list, walked once per run and shared by the parts through a file in the run's output folder (which
 * Playwright empties when a run starts): the first part to come takes a lock and walks the menus, the others
 * wait for its file; a part that finds the lock gone and no file (the walker failed) walks them itself.
 */
async function sharedScreens(browser: Browser, outputDir: string): Promise<Screen[]> {
  const file = path.join(outputDir, 'axe-screens.json');
  const lock = `${file}.lock`;
  mkdirSync(outputDir, { recursive: true });
  for (;;) {
    try {
      return JSON.parse(readFileSync(file, 'utf8')) as Screen[];
    } catch {
      // not written yet
    }
    try {
      mkdirSync(lock);
    } catch {
      await new Promise((r) => setTimeout(r, 250));
      continue;
    }
    try {
      const all = await screensToAudit(browser);
      writeFileSync(`${file}.tmp`, JSON.stringify(all));
      renameSync(`${file}.tmp`, file);
      return all;
    } finally {
      rmSync(lock, { recursive: true, force: true });
    }
  }
}

/** Each screen to audit with the first account (in ACCOUNTS' order) that sees it. */
async function screensToAudit(browser: Browser): Promise<Screen[]> {
  const seen = new Set<string>();
  const all: Screen[] = [];
  for (const account of ACCOUNTS) {
    const context = await browser.newContext();
    const page = await context.newPage();
    const screens = await menuScreens(page, account);
    if (account === 'teacher') {
      const day = await lastSchoolDay(page);
      const lists = await (await page.request.get(`/api/v1/attendance/classes?date=${day}`)).json();
      const first = (lists as { items: { classGroupId: number }[] }).items[0];
      if (first) screens.push(`/backend/mms/tutor/attendance-list/${first.classGroupId}/${day}`);
    }
    if (account === 'admin') {
      const students = (await (await page.request.get('/api/v1/students?pageSize=1')).json()) as {
        items: { id: number }[];
      };
      screens.push(`/backend/mms/students/student/profile/${students.items[0]!.id}`);
      screens.push(`/backend/mms/principal/student-edit/${students.items[0]!.id}`);
      screens.push(`/backend/mms/students/student/record/${students.items[0]!.id}`);
      screens.push('/backend/dashboard', '/backend/pages/generic/search?q=a');
    }
    for (const path of screens) {
      if (seen.has(path)) continue;
      seen.add(path);
      all.push({ account, path });
    }
    await context.close();
  }
  return all;
}

/**
 * The screens walked in this run. Every screen is walked in full (light, dark, phone, both languages), but CI walks
 * a third of them each day, the third of the day's number in Jakarta, so that each screen is walked every third day:
 * the whole walk was 17 minutes of the two workers' time (8.0 and 9.3 min at 1fe8a2f), half of the browser suite,
 * and put CI over its 25 minutes. E2E_WALK_ALL=1 walks every screen (as before a release, or after a change to the
 * theme or the shell). The shell, guest pages and overlays are audited in full on every run (the tests above).
 */
const WALK_GROUPS = process.env.E2E_WALK_ALL ? 1 : 3;
// E2E_WALK_DAY=<n> walks the third of day n (to walk the third the next run will, before a CI run that starts after
// midnight in Jakarta)
const walkDay = Number(process.env.E2E_WALK_DAY) || Math.floor((Date.now() + 7 * 3_600_000) / 86_400_000);
// E2E_WALK_ONLY=<regex> walks only the screens whose path it matches, in every group (new or changed screens)
const walkOnly = process.env.E2E_WALK_ONLY ? new RegExp(process.env.E2E_WALK_ONLY) : null;

for (const half of [0, 1]) {
  test(`every built screen of every account, light and dark, at 360 px, in both languages (half ${half + 1} of 2)`, async ({
    browser,
  }, info) => {
    // about 25 screens (75 with E2E_WALK_ALL), each loaded, settled and audited twice: minutes on a busy machine
    test.setTimeout(1_500_000);
    const all = await sharedScreens(browser, info.project.outputDir);
    expect(all.length).toBeGreaterThan(40);
    const group = walkDay % WALK_GROUPS;
    const mine = walkOnly
      ? all.filter((s, i) => i % 2 === half && walkOnly.test(s.path))
      : all.filter((_, i) => i % 2 === half && Math.floor(i / 2) % WALK_GROUPS === group);
    info.annotations.push({ type: 'walk group', description: `${group + 1} of ${WALK_GROUPS} (day ${walkDay})` });
    const found: string[] = [];
    // where the walk's minutes go (ms per phase, summed over the screens): an annotation of the test in the report
    const times: Record<string, number> = {};
    const timed = async <T>(phase: string, run: () => Promise<T>): Promise<T> => {
      const start = Date.now();
      try {
        return await run();
      } finally {
        times[phase] = (times[phase] ?? 0) + Date.now() - start;
      }
    };
    for (const account of new Set(mine.map((s) => s.account))) {
      const context = await browser.newContext({ colorScheme: 'light' });
      const page = await context.newPage();
      await signIn(page, account);
      const language = await settingsTab(context, page);
      // Each screen is read in both languages: it loads in the language the previous screen ended in, is audited
      // in it, then switched to the other for the key check, and the next screen loads in that one (no switch back).
      let current: 'id' | 'en' = 'id';
      // The account's shell (header, menu, footer) is the same around each of its screens: audited in full on the
      // first, then each screen's own content (#main) alone (on 24 screens axe's light pass 54 -> 38 s, at a
      // load falling from 7 to 4: part of it the load)
      let within: string | undefined;
      for (const { path } of mine.filter((s) => s.account === account)) {
        const label = `${account} ${path}`;
        await page.setViewportSize(DESKTOP);
        await page.emulateMedia({ colorScheme: 'light' });
        await timed('load', async () => {
          await page.goto(path);
          await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'light');
          await expect(page.locator('html')).toHaveAttribute('lang', current);
        });
        found.push(...(await timed('axe light', () => audit(page, `${label} (light, ${current})`, within))));
        found.push(
          ...(await timed('screen checks', async () => [
            ...(await keyLikeTexts(page, `${label} (${current})`)),
            ...(await unstyledMantine(page, label)),
            ...(await emptyBesideRows(page, label)),
            ...(await wrappedFigures(page, label)),
          ])),
        );
        await timed('axe dark', async () => {
          await page.emulateMedia({ colorScheme: 'dark' });
          await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
          await settled(page);
          found.push(...(await axe(page, `${label} (dark)`, COLOUR_RULES, within)));
        });
        within = '#main';
        await timed('phone', async () => {
          await page.setViewportSize(PHONE);
          await settled(page);
          found.push(...(await phoneProblems(page, label)));
        });
        current = current === 'id' ? 'en' : 'id';
        await timed('other language', async () => {
          await language(current);
          await loaded(page);
          found.push(...(await keyLikeTexts(page, `${label} (${current})`)));
        });
      }
      await context.close();
    }
    info.annotations.push({ type: 'walk times', description: `${mine.length} screens, ms: ${JSON.stringify(times)}` });
    expect(found).toEqual([]);
  });
}
