import { Alert, Badge, Button, Group, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { formatRupiah, longMonth, type CounsellingKind, type CounsellingStatus, type StudentRecord } from '@mms/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { generatePath, Link, useParams } from 'react-router';
import { ROUTES } from '../../../lib/route-names.ts';
import { PageTitle } from '../../../components/page-title.tsx';
import { PrintButton, PrintedPaper } from '../../../components/print/printed-paper.tsx';
import { errorText } from '../../../i18n/index.ts';
import { dateText, displayLanguage } from '../../../lib/display.ts';
import { kindText, statusText } from '../../counselling/widgets/labels.ts';
import { useStudentRecord } from '../api.ts';

/** A labelled figure of a part. */
function Figure({ label, value, testId }: { label: string; value: ReactNode; testId?: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600} data-testid={testId}>
        {value}
      </Text>
    </Stack>
  );
}

function Part({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  return (
    <Stack gap="xs" component="section" data-testid={testId} style={{ breakInside: 'avoid' }}>
      <Title order={2} fz="h5">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

function Identity({ s }: { s: StudentRecord['student'] }) {
  const { t } = useTranslation();
  const none = t('studentRecord.none');
  return (
    <Part title={t('studentRecord.identity')} testId="record-identity">
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        <Figure label={t('studentRecord.name')} value={s.name} />
        <Figure label={t('studentRecord.nis')} value={s.nis} />
        <Figure label={t('studentRecord.nisn')} value={s.nisn ?? none} />
        <Figure label={t('studentRecord.unit')} value={s.unitName} />
        <Figure label={t('studentRecord.class')} value={s.className ?? none} />
        <Figure label={t('studentRecord.homeroom')} value={s.homeroomTeacher ?? none} />
        <Figure
          label={t('studentRecord.boarding')}
          value={s.boarding ? t(`studentRecord.boardings.${s.boarding}`) : none}
        />
      </SimpleGrid>
    </Part>
  );
}

function Attendance({ a }: { a: NonNullable<StudentRecord['attendance']> }) {
  const { t } = useTranslation();
  return (
    <Part title={t('studentRecord.attendance', { year: a.schoolYear })} testId="record-attendance">
      <Text size="sm">
        {t('studentRecord.attendanceRange', {
          from: dateText(a.from, 'short'),
          to: dateText(a.to, 'short'),
          days: a.schoolDays,
        })}
      </Text>
      <SimpleGrid cols={{ base: 3, sm: 6 }} spacing="sm">
        <Figure label={t('studentRecord.present')} value={a.present} testId="record-present" />
        <Figure label={t('studentRecord.sick')} value={a.sick} />
        <Figure label={t('studentRecord.permitted')} value={a.permitted} />
        <Figure label={t('studentRecord.absent')} value={a.absent} />
        <Figure label={t('studentRecord.late')} value={a.late} />
        <Figure label={t('studentRecord.notRecorded')} value={a.notRecorded} />
      </SimpleGrid>
    </Part>
  );
}

function Discipline({ d }: { d: NonNullable<StudentRecord['discipline']> }) {
  const { t } = useTranslation();
  return (
    <Part title={t('studentRecord.discipline', { year: d.schoolYear })} testId="record-discipline">
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        <Figure label={t('studentRecord.balance')} value={d.balance} testId="record-balance" />
        <Figure label={t('studentRecord.violations')} value={d.verifiedViolations} />
        <Figure label={t('studentRecord.achievements')} value={d.achievements} />
        <Figure label={t('studentRecord.openSanctions')} value={d.openSanctions} />
      </SimpleGrid>
      {d.recent.length === 0 ? (
        <Text size="sm">{t('studentRecord.recentEmpty')}</Text>
      ) : (
        <Stack gap={4}>
          <Text size="sm" fw={600}>
            {t('studentRecord.recent')}
          </Text>
          {d.recent.map((r, i) => (
            <Group key={i} gap="xs" wrap="nowrap">
              <Text size="sm">{dateText(r.date, 'short')}</Text>
              <Badge variant="light" color={r.kind === 'VIOLATION' ? 'red' : 'teal'}>
                {t(r.kind === 'VIOLATION' ? 'studentRecord.violation' : 'studentRecord.achievement')}
              </Badge>
              <Text size="sm">
                {r.title}
                {r.points !== null && ` (${t('studentRecord.points', { points: r.points })})`}
              </Text>
            </Group>
          ))}
        </Stack>
      )}
    </Part>
  );
}

function Counselling({ c }: { c: NonNullable<StudentRecord['counselling']> }) {
  const { t } = useTranslation();
  return (
    <Part title={t('studentRecord.counselling')} testId="record-counselling">
      <Text size="xs">{t('studentRecord.counsellingNote')}</Text>
      {c.cases.length === 0 ? (
        <Text size="sm">{t('studentRecord.counsellingEmpty')}</Text>
      ) : (
        c.cases.map((x, i) => (
          <Group key={i} gap="xs">
            <Text size="sm">{dateText(x.date, 'short')}</Text>
            <Badge variant="light">{kindText(x.kind as CounsellingKind)}</Badge>
            <Badge variant="outline">{statusText(x.status as CounsellingStatus)}</Badge>
          </Group>
        ))
      )}
    </Part>
  );
}

function Scores({ s }: { s: NonNullable<StudentRecord['scores']> }) {
  const { t } = useTranslation();
  return (
    <Part
      title={t('studentRecord.scores', { semester: t(`studentRecord.semesters.${s.semester}`) })}
      testId="record-scores"
    >
      {s.subjects.length === 0 ? (
        <Text size="sm">{t('studentRecord.scoresEmpty')}</Text>
      ) : (
        <Table withTableBorder striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('studentRecord.subject')}</Table.Th>
              <Table.Th ta="right">{t('studentRecord.final')}</Table.Th>
              <Table.Th ta="right">{t('studentRecord.kkm')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {s.subjects.map((x) => (
              <Table.Tr key={x.subjectName}>
                <Table.Td>{x.subjectName}</Table.Td>
                <Table.Td ta="right">
                  {x.final ?? t('studentRecord.none')}
                  {x.belowKkm && (
                    <Badge ml="xs" color="red" variant="light">
                      {t('studentRecord.belowKkm')}
                    </Badge>
                  )}
                </Table.Td>
                <Table.Td ta="right">{x.kkm}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Part>
  );
}

function Bills({ b }: { b: NonNullable<StudentRecord['bills']> }) {
  const { t } = useTranslation();
  return (
    <Part title={t('studentRecord.bills')} testId="record-bills">
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        <Figure
          label={t('studentRecord.outstanding')}
          value={formatRupiah(b.outstanding)}
          testId="record-outstanding"
        />
        <Figure label={t('studentRecord.openBills')} value={b.openBills} />
        <Figure
          label={t('studentRecord.oldestDue')}
          value={b.oldestDueDate ? dateText(b.oldestDueDate, 'short') : t('studentRecord.none')}
        />
        <Figure label={t('studentRecord.paidThisYear')} value={formatRupiah(b.paidThisYear)} />
      </SimpleGrid>
    </Part>
  );
}

function Btq({ q }: { q: NonNullable<StudentRecord['btq']> }) {
  const { t } = useTranslation();
  const none = t('studentRecord.none');
  return (
    <Part title={t('studentRecord.btq')} testId="record-btq">
      {q.level === null && q.group === null ? (
        <Text size="sm">{t('studentRecord.btqEmpty')}</Text>
      ) : (
        <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
          <Figure label={t('studentRecord.method')} value={q.method ?? none} />
          <Figure
            label={t('studentRecord.level')}
            value={
              q.level
                ? `${q.level}${q.levelSince ? ` (${t('studentRecord.since', { date: dateText(q.levelSince, 'short') })})` : ''}`
                : none
            }
            testId="record-btq-level"
          />
          <Figure label={t('studentRecord.group')} value={q.group ?? none} />
          <Figure label={t('studentRecord.teacher')} value={q.teacher ?? none} />
          <Figure
            label={t('studentRecord.lastEntry')}
            value={q.lastEntryDate ? `${dateText(q.lastEntryDate, 'short')}, ${q.lastEntry ?? ''}` : none}
          />
          <Figure label={t('studentRecord.entriesThisMonth')} value={q.entriesThisMonth} />
        </SimpleGrid>
      )}
    </Part>
  );
}

function Prayer({ p }: { p: NonNullable<StudentRecord['prayer']> }) {
  const { t } = useTranslation();
  return (
    <Part title={t('studentRecord.prayer', { month: longMonth(p.month, displayLanguage()) })} testId="record-prayer">
      <SimpleGrid cols={{ base: 3, sm: 5 }} spacing="sm">
        <Figure label={t('studentRecord.congregation')} value={p.congregation} testId="record-congregation" />
        <Figure label={t('studentRecord.late')} value={p.late} />
        <Figure label={t('studentRecord.excused')} value={p.excused} />
        <Figure label={t('studentRecord.missed')} value={p.missed} testId="record-missed" />
        <Figure label={t('studentRecord.notRecorded')} value={p.notRecorded} />
      </SimpleGrid>
    </Part>
  );
}

/** The printed record: the letterhead, the identity and every part the server sent. */
export function StudentRecordView({ record: r }: { record: StudentRecord }) {
  const { t } = useTranslation();
  return (
    <PrintedPaper
      unitId={r.student.unitId}
      title={`${t('studentRecord.title')}: ${r.student.name}`}
      subtitle={<Text size="sm">{t('studentRecord.printedAt', { at: dateText(r.generatedAt, 'long') })}</Text>}
      actions={<PrintButton />}
    >
      <Stack gap="lg" mt="md">
        <Identity s={r.student} />
        {r.attendance && <Attendance a={r.attendance} />}
        {r.discipline && <Discipline d={r.discipline} />}
        {r.btq && <Btq q={r.btq} />}
        {r.prayer && <Prayer p={r.prayer} />}
        {r.scores && <Scores s={r.scores} />}
        {r.bills && <Bills b={r.bills} />}
        {r.counselling && <Counselling c={r.counselling} />}
        {r.hidden.length > 0 && (
          <Text size="xs" className="no-print">
            {t('studentRecord.hidden')}
          </Text>
        )}
      </Stack>
    </PrintedPaper>
  );
}

/**
 * students/student/record/:id: the one page of a student's pesantren life for the homeroom teacher, BPBK, the
 * principal and the foundation, printable as a one-page summary for a parents' meeting. The server decides who
 * may open it and which parts each reader sees.
 */
export function StudentRecordPage() {
  const { t } = useTranslation();
  const params = useParams();
  const id = params.id && /^\d{1,9}$/.test(params.id) ? Number(params.id) : undefined;
  const query = useStudentRecord(id);
  const r = query.data;
  return (
    <Stack maw={1000}>
      <PageTitle
        actions={
          id && (
            <Button variant="default" component={Link} to={generatePath(ROUTES['student-profile'], { id: String(id) })}>
              {t('studentRecord.back')}
            </Button>
          )
        }
      >
        {t('studentRecord.title')}
      </PageTitle>
      {query.isPending && id ? (
        <Skeleton height={480} />
      ) : query.isError || !r ? (
        <Alert color="red">{query.error ? errorText(query.error) : t('studentRecord.notFound')}</Alert>
      ) : (
        <StudentRecordView record={r} />
      )}
    </Stack>
  );
}
