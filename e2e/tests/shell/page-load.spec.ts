import { expect, test, type Page, type Request } from '@playwright/test';
import { signIn } from '../support.ts';

// Issue 10 (a phone on a slow network): the page the server sends starts what the first screen needs while
// the entry script loads: the session request (a preload in index.html) and the route's own chunks
// (modulepreload links the server adds per route, apps/server/src/lib/web-app.ts).

/** The requests the page makes while it opens `url`, until its heading shows. */
async function open(page: Page, url: string) {
  const requests: Request[] = [];
  page.on('request', (r) => requests.push(r));
  await page.goto(url);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  return requests;
}

test("the session is asked for once, by the shell's preload, and the app uses that answer", async ({ page }) => {
  await signIn(page, 'teacher');
  const requests = await open(page, '/backend/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Ustadz Ahmad Fauzi');
  const sessions = requests.filter((r) => new URL(r.url()).pathname === '/api/v1/auth/session');
  expect(sessions).toHaveLength(1);
  // the app's own call asks for JSON in the user's language; the preload is the browser's (Accept: */*)
  const headers = await sessions[0]!.allHeaders();
  expect(headers.accept).toBe('*/*');
  expect(headers['accept-language']).not.toBe('id');
});

test("the route's chunks are named in the page and each is fetched once", async ({ page }) => {
  await signIn(page, 'principal');
  const shell = await (await page.request.get('/backend/mms/principal/student-all')).text();
  const preloaded = [...shell.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]!);
  // the backend layout and the school screens' chunk, beyond what the entry loads
  expect(preloaded.some((href) => /\/assets\/backend-layout-[\w-]+\.js$/.test(href))).toBe(true);
  expect(preloaded.length).toBeGreaterThan(5);

  const requests = await open(page, '/backend/mms/principal/student-all');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Daftar siswa');
  const scripts = requests.map((r) => new URL(r.url()).pathname).filter((p) => p.endsWith('.js'));
  for (const href of preloaded) expect(scripts, href).toContain(href);
  expect(scripts.length, 'no chunk fetched twice').toBe(new Set(scripts).size);
});

test('the page shows its boot frame, titled for the screen, until the screen replaces it', async ({ page }) => {
  await signIn(page, 'principal');
  // hold the route's chunks back: what shows meanwhile is the page the server sent, drawn without scripts
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/students-page-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/backend/mms/principal/student-all', { waitUntil: 'commit' });
  const frame = page.locator('.mms-boot');
  await expect(frame).toBeVisible();
  await expect(frame).toHaveAttribute('data-frame', 'backend');
  await expect(page.getByRole('status')).toContainText('Memuat');
  await expect(page).toHaveTitle('Daftar siswa · MMS');
  release();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Daftar siswa');
  await expect(frame).toHaveCount(0);
});

test("a phone sees the dashboard's greeting in the boot frame, drawn as the dashboard then draws it", async ({
  page,
}) => {
  await page.setViewportSize({ width: 412, height: 823 });
  await signIn(page, 'teacher');
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/dashboard-page-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/backend/dashboard', { waitUntil: 'commit' });
  const box = async (selector: string) =>
    page.locator(selector).evaluate((h) => {
      const style = getComputedStyle(h);
      const range = document.createRange();
      range.selectNodeContents(h);
      const text = range.getBoundingClientRect();
      return {
        text: h.textContent,
        font: `${style.fontWeight} ${style.fontSize}/${style.lineHeight} ${style.fontFamily}`,
        width: Math.round(text.width),
        height: Math.round(text.height),
      };
    });
  await expect(page.locator('.mms-boot h1')).toBeVisible();
  const boot = await box('.mms-boot h1');
  expect(boot.text).toBe('Assalamu’alaikum, Ustadz Ahmad Fauzi, S.Pd.');
  release();
  await expect(page.locator('.mms-boot')).toHaveCount(0);
  const app = await box('#main h1');
  expect(app).toEqual(boot);
});

test('the boot frame paints before the stylesheets arrive, they do not move it, and the theme still wins', async ({
  page,
}) => {
  await page.setViewportSize({ width: 412, height: 823 });
  await signIn(page, 'principal');
  const hold = (pattern: RegExp) => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    void page.route(pattern, async (route) => {
      await held;
      await route.continue();
    });
    return release;
  };
  const releaseCss = hold(/\/assets\/index-[\w-]+\.css$/);
  const releaseScreen = hold(/\/assets\/students-page-[\w-]+\.js$/);
  await page.goto('/backend/mms/principal/student-all', { waitUntil: 'commit' });
  const boxes = () =>
    page.locator('#mms-boot').evaluate((frame) =>
      [...frame.querySelectorAll('*')].map((e) => {
        const r = e.getBoundingClientRect();
        return `${e.className} ${r.x},${r.y} ${r.width}x${r.height}`;
      }),
    );
  // drawn from the page alone while the stylesheet is held back
  await expect(page.locator('#mms-boot h1')).toHaveText('Daftar siswa');
  const before = await boxes();
  releaseCss();
  await expect
    .poll(() => page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--mantine-scale')))
    .not.toBe('');
  expect(await boxes()).toEqual(before);
  releaseScreen();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Daftar siswa');
  await expect(page.locator('#mms-boot')).toHaveCount(0);
  // the theme's accessible colours (written by the app inside #root) win over the stylesheet's defaults: dimmed
  // text is gray 7 (theme.ts, #495057), not Mantine's gray 6 (#868e96, 3.3:1 on white)
  const dimmed = await page.evaluate(() =>
    getComputedStyle(document.documentElement).getPropertyValue('--mantine-color-dimmed').trim(),
  );
  expect(dimmed).toBe('#495057');
});

for (const { page: name, url, chunk, heading, lead, samePlace } of [
  {
    page: 'sign-in',
    url: '/auth/signin',
    chunk: /\/assets\/sign-in-page-[\w-]+\.js$/,
    heading: 'Masuk ke MMS',
    lead: 'Gunakan nama pengguna (NIP/NIS) dan kata sandi Anda.',
    // the card is centred with the form in it: the frame's, without the form, sits lower
    samePlace: false,
  },
  {
    page: 'landing',
    url: '/',
    chunk: /\/assets\/landing-page-[\w-]+\.js$/,
    heading: 'Selamat datang di MMS',
    lead: 'Sistem manajemen sekolah untuk siswa, guru, pimpinan, keuangan, BK dan tata usaha.',
    samePlace: true,
  },
]) {
  test(`a phone sees the ${name} page's heading and lead in the boot frame, drawn as the page then draws them`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: 412, height: 823 });
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(chunk, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(url, { waitUntil: 'commit' });
    const boxes = (scope: string) =>
      page.evaluate(
        ({ scope, texts }) =>
          texts.map((text) => {
            const element = [...document.querySelectorAll(`${scope} h1, ${scope} p`)].find(
              (e) => e.textContent === text,
            );
            if (!element) return `${text}: not drawn`;
            const style = getComputedStyle(element);
            const range = document.createRange();
            range.selectNodeContents(element);
            const r = range.getBoundingClientRect();
            return {
              text,
              font: `${style.fontWeight} ${style.fontSize}/${style.lineHeight} ${style.fontFamily}`,
              color: style.color,
              size: `${Math.round(r.width)}x${Math.round(r.height)}`,
              place: `${Math.round(r.x)},${Math.round(r.y)}`,
            };
          }),
        { scope, texts: [heading, lead] },
      );
    await expect(page.locator('#mms-boot h1')).toHaveText(heading);
    const boot = await boxes('#mms-boot');
    release();
    await expect(page.locator('#mms-boot')).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    const app = await boxes('#root');
    if (samePlace) expect(app).toEqual(boot);
    else
      expect(app.map((b) => typeof b === 'object' && { ...b, place: undefined })).toEqual(
        boot.map((b) => typeof b === 'object' && { ...b, place: undefined }),
      );
  });
}

// A list's filter selects join their screen in a render of their own after it (components/deferred-select.tsx):
// first a read-only field of the same size stands in for each. Nothing may move when the selects take its place.
for (const viewport of [
  { name: 'phone', width: 412, height: 823 },
  { name: 'PC', width: 1280, height: 800 },
]) {
  test(`the student list's filter selects take their stand-ins' place without moving anything (${viewport.name})`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await page.addInitScript(() => {
      type Box = { x: number; y: number; width: number; height: number };
      const seen = { standIns: {} as Record<string, Box>, selects: {} as Record<string, Box>, shifts: 0 };
      (window as unknown as { __fields: typeof seen }).__fields = seen;
      const box = (el: Element) => {
        const r = el.getBoundingClientRect();
        return { x: Math.round(r.x), y: Math.round(r.y), width: Math.round(r.width), height: Math.round(r.height) };
      };
      const note = (selector: string, into: Record<string, Box>) => {
        for (const el of document.querySelectorAll<HTMLInputElement>(selector)) {
          const label = el.labels?.[0]?.textContent?.trim();
          if (label && !(label in into)) into[label] = box(el);
        }
      };
      new MutationObserver(() => {
        note('input[data-select-stand-in]', seen.standIns);
        note('input[role=combobox]', seen.selects);
      }).observe(document, { childList: true, subtree: true });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[]) seen.shifts += entry.value;
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await signIn(page, 'principal');
    await page.goto('/backend/mms/principal/student-all');
    await expect(page.getByRole('combobox', { name: 'Status' })).toBeVisible();
    // the rows (a table on a PC, cards on a phone) have arrived too
    await expect(page.getByLabel('Tabel siswa')).toBeVisible();
    const fields = await page.evaluate(
      () => (window as unknown as { __fields: { standIns: object; selects: object; shifts: number } }).__fields,
    );
    // the principal may choose the unit: three filters, each first drawn as a stand-in
    expect(Object.keys(fields.standIns).sort()).toEqual(['Kelas', 'Status', 'Unit']);
    expect(fields.selects).toEqual(fields.standIns);
    expect(fields.shifts).toBe(0);
  });
}
