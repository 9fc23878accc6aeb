import { expect, test, type Page } from '@playwright/test';
import { lastSchoolDay, signIn, expectDone } from '../support.ts';

test('the principal names a substitute, who then finds the lesson and writes its journal', async ({ browser }) => {
  test.setTimeout(90_000);
  const principal = await (await browser.newContext()).newPage();
  const teacher = await (await browser.newContext()).newPage();
  await signIn(principal, 'principal');
  await signIn(teacher, 'teacher');
  const date = await lastSchoolDay(principal);
  const me = (await (await teacher.request.get('/api/v1/auth/me')).json()) as { user: { employeeId: number } };
  const employee = await principal.request.get(`/api/v1/employees/${me.user.employeeId}`);
  const teacherName = ((await employee.json()) as { name: string }).name;

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
  test.skip(!picked, 'no lesson of 7B on this day taught by someone else');
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
