import { expect, test, type Page } from '@playwright/test';
import { addDays, dayIntoYear, expectDone, onDay, signIn, weekdayOf } from '../support.ts';

/**
 * The day of the journey: the latest day up to `latest` whose weekday has a lesson of 7B taught by someone other
 * than the teacher (`employeeId`), read from 7B's timetable. The journey sets the server's clock to it, so it
 * runs on every day of the week and of the year.
 */
async function lessonDay(principal: Page, latest: string, employeeId: number): Promise<string> {
  const classes = await principal.request.get('/api/v1/attendance/classes');
  expect(classes.status()).toBe(200);
  const { items } = (await classes.json()) as { items: { classGroupId: number; className: string }[] };
  const b7 = items.find((c) => c.className === '7B');
  expect(b7, 'the demo class 7B').toBeDefined();
  const timetable = await principal.request.get(`/api/v1/timetable/classes/${b7!.classGroupId}`);
  expect(timetable.status()).toBe(200);
  const lessons = ((await timetable.json()) as { items: { day: number; employeeId: number }[] }).items;
  const days = new Set(lessons.filter((l) => l.employeeId !== employeeId).map((l) => l.day));
  const date = [0, 1, 2, 3, 4, 5, 6].map((i) => addDays(latest, -i)).find((d) => days.has(weekdayOf(d)));
  expect(date, `a day of the week up to ${latest} with a lesson of 7B by another teacher`).toBeDefined();
  return date!;
}

test('the principal names a substitute, who then finds the lesson and writes its journal', async ({ browser }) => {
  test.setTimeout(90_000);
  // a week into the school year at least, so every weekday of the week before is a day of this year
  const latest = await dayIntoYear(browser, 7);
  const principalContext = await browser.newContext(onDay(latest));
  const teacherContext = await browser.newContext(onDay(latest));
  const principal = await principalContext.newPage();
  const teacher = await teacherContext.newPage();
  await signIn(principal, 'principal');
  await signIn(teacher, 'teacher');
  const me = (await (await teacher.request.get('/api/v1/auth/me')).json()) as { user: { employeeId: number } };
  const employee = await principal.request.get(`/api/v1/employees/${me.user.employeeId}`);
  const teacherName = ((await employee.json()) as { name: string }).name;
  const date = await lessonDay(principal, latest, me.user.employeeId);
  for (const context of [principalContext, teacherContext])
    await context.setExtraHTTPHeaders(onDay(date).extraHTTPHeaders!);

  // ---- the principal picks a lesson of 7B that the teacher does not teach, and names them substitute ----
  await principal.goto(`/backend/mms/tutor/journal?date=${date}`);
  await principal.getByRole('combobox', { name: 'Kelas' }).click();
  await principal.getByRole('option', { name: '7B', exact: true }).click();
  await principal.getByRole('combobox', { name: 'Jam pelajaran' }).click();
  const options = principal.getByRole('option');
  await expect(options.first()).toBeVisible();
  let picked = '';
  for (let i = 0; i < (await options.count()); i++) {
    const label = await options.nth(i).innerText();
    if (!label.includes(teacherName)) {
      picked = label;
      await options.nth(i).click();
      break;
    }
  }
  expect(picked, `a lesson of 7B on ${date} taught by someone else`).not.toBe('');
  const slotId = Number(new URL(principal.url()).searchParams.get('slot'));
  // Before any assignment, the teacher cannot write another teacher's lesson.
  const refused = await teacher.request.put(`/api/v1/journals/slots/${slotId}/${date}`, {
    data: { topic: 'Tanpa penugasan' },
    headers: { 'x-csrf-token': await csrfOf(teacher) },
  });
  expect(refused.status()).toBe(403);

  const substitute = principal.getByRole('combobox', { name: 'Guru pengganti' });
  await substitute.click();
  await substitute.fill(teacherName);
  await principal.getByRole('option', { name: teacherName, exact: true }).click();
  await expectDone(principal);

  // ---- the named teacher finds the lesson among theirs, marked substitute, and writes it ----
  await teacher.goto(`/backend/mms/tutor/journal?date=${date}`);
  await teacher.getByRole('combobox', { name: 'Jam pelajaran' }).click();
  const lesson = teacher.getByRole('option').filter({ hasText: 'pengganti' }).filter({ hasText: '7B' });
  await expect(lesson).toHaveCount(1);
  await lesson.click();
  await expect(teacher.getByText(`Guru pengganti: ${teacherName}`)).toBeVisible();
  const topic = `Menggantikan ${Date.now()}`;
  await teacher.getByLabel('Materi/topik').fill(topic);
  await teacher.getByRole('button', { name: 'Simpan jurnal' }).click();
  await expectDone(teacher);

  const list = await principal.request.get(`/api/v1/journals/substitutes?from=${date}&to=${date}`);
  const rows = (await list.json()) as { timetableSlotId: number; substituteName: string; journalWritten: boolean }[];
  expect(rows.find((r) => r.timetableSlotId === slotId)).toMatchObject({
    substituteName: teacherName,
    journalWritten: true,
  });
  // Withdrawn again, so a repeated run starts from the same state.
  const gone = await principal.request.delete(`/api/v1/journals/slots/${slotId}/${date}/substitute`, {
    headers: { 'x-csrf-token': await csrfOf(principal) },
  });
  expect(gone.status()).toBe(200);
});

async function csrfOf(page: Page): Promise<string> {
  return ((await (await page.request.get('/api/v1/auth/me')).json()) as { csrfToken: string }).csrfToken;
}
