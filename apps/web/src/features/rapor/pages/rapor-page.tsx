import {
  Alert,
  Button,
  Group,
  Select,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import {
  academicPeriodOfDate,
  EXTRACURRICULAR_PREDICATE_LABELS,
  raporScoreText,
  RAPOR_LABELS,
  SEMESTERS,
  type Rapor,
  type Semester,
} from '@mms/shared';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/page-title.tsx';
import { useActiveYearId, YearSelect } from '../../../components/pickers.tsx';
import { errorText } from '../../../i18n/index.ts';
import { serverToday } from '../../../lib/clock.ts';
import { notifyError } from '../../../lib/notify.ts';
import { downloadClassPdf, downloadStudentPdf, useRapor, useRaporClass, useRaporClasses } from '../api.ts';
import { ERaporExportButton } from '../components/erapor-export.tsx';
import { UnitRaporJob } from '../components/unit-rapor-job.tsx';

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

function Part({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="xs" component="section">
      <Title order={2} fz="h5">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/** The rapor's data as the PDF holds it, for the homeroom teacher to check before printing. */
export function RaporView({ rapor: r }: { rapor: Rapor }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'id';
  // as the PDF prints it: whole numbers unless the unit chose decimals, the decimal comma in Indonesian
  const score = (n: number | null) => raporScoreText(n, r.raporDecimals, lang);
  const p = r.pesantren;
  return (
    <Stack gap="lg" data-testid="rapor-view">
      <Part title={t('rapor.identity')}>
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
          <Figure label={t('rapor.name')} value={r.student.name} testId="rapor-name" />
          <Figure label={t('rapor.nisNisn')} value={`${r.student.nis} / ${r.student.nisn ?? t('rapor.none')}`} />
          <Figure label={t('rapor.classLabel')} value={r.classGroup.name} />
          <Figure label={t('rapor.fase')} value={r.fase} />
          <Figure label={t('rapor.semesterLabel')} value={t(`rapor.${r.semester}`)} />
          <Figure label={t('rapor.schoolYear')} value={r.schoolYear} />
          <Figure label={t('rapor.homeroom')} value={r.signatures.homeroom ?? t('rapor.none')} />
          <Figure label={t('rapor.principal')} value={r.signatures.principal ?? t('rapor.none')} />
        </SimpleGrid>
      </Part>
      <Part title={t('rapor.subjects')}>
        {r.subjects.length === 0 ? (
          <Text size="sm">{t('rapor.noScores')}</Text>
        ) : (
          <Table.ScrollContainer minWidth={480}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('rapor.subject')}</Table.Th>
                  <Table.Th>{t('rapor.final')}</Table.Th>
                  <Table.Th>{t('rapor.description')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {r.subjects.map((s) => (
                  <Table.Tr key={s.subjectId}>
                    <Table.Td>{s.name}</Table.Td>
                    <Table.Td data-testid={`rapor-final-${s.subjectId}`}>{score(s.final)}</Table.Td>
                    <Table.Td>{s.description || t('rapor.none')}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Part>
      <Part title={t('rapor.extracurriculars')}>
        {r.extracurriculars.length === 0 ? (
          <Text size="sm">{t('rapor.noExtracurriculars')}</Text>
        ) : (
          <Table.ScrollContainer minWidth={480}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('rapor.activity')}</Table.Th>
                  <Table.Th>{t('rapor.predicate')}</Table.Th>
                  <Table.Th>{t('rapor.note')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {r.extracurriculars.map((e) => (
                  <Table.Tr key={e.name}>
                    <Table.Td>{e.name}</Table.Td>
                    <Table.Td>{EXTRACURRICULAR_PREDICATE_LABELS[e.predicate][lang]}</Table.Td>
                    <Table.Td>{e.note || t('rapor.none')}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Part>
      <Part title={t('rapor.p5')}>
        {r.p5.length === 0 ? (
          <Text size="sm">{t('rapor.noP5')}</Text>
        ) : (
          r.p5.map((x) => (
            <Text key={x.id} size="sm">
              {x.theme}: {x.title} —{' '}
              {Object.values(x.grades)
                .map((g) => g ?? '-')
                .join(', ')}
            </Text>
          ))
        )}
      </Part>
      <Part title={t('rapor.attendance')}>
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
          <Figure label={t('rapor.sick')} value={r.attendance.sick} testId="rapor-sick" />
          <Figure label={t('rapor.permitted')} value={r.attendance.permitted} testId="rapor-permitted" />
          <Figure label={t('rapor.absent')} value={r.attendance.absent} testId="rapor-absent" />
          <Figure label={t('rapor.schoolDays')} value={r.attendance.schoolDays} />
        </SimpleGrid>
      </Part>
      {r.promotion && (
        <Part title={RAPOR_LABELS[lang].decision}>
          <Text size="sm" data-testid="rapor-promotion">
            {[RAPOR_LABELS[lang].promotion[r.promotion.kind], r.promotion.className].filter(Boolean).join(' ')}
          </Text>
        </Part>
      )}
      <Part title={t('rapor.pesantren')}>
        <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
          <Figure label={t('rapor.btqLevel')} value={p.btq.level ?? t('rapor.none')} testId="rapor-btq-level" />
          <Figure label={t('rapor.btqEntries')} value={p.btq.entries} />
          <Figure
            label={t('rapor.tahfidz')}
            value={
              p.tahfidz
                ? `${p.tahfidz.juz === null ? '' : `Juz ${p.tahfidz.juz}, `}QS ${p.tahfidz.surah ?? '-'}:${p.tahfidz.ayat ?? '-'}`
                : t('rapor.none')
            }
          />
          <Figure
            label={t('rapor.prayerRate')}
            value={p.prayer.rate === null ? t('rapor.none') : `${score(p.prayer.rate)}%`}
            testId="rapor-prayer-rate"
          />
          <Figure label={t('rapor.points')} value={p.discipline.balance} />
          <Figure label={t('rapor.sanctions')} value={p.discipline.openSanctions} />
        </SimpleGrid>
        <Text size="sm" fw={500}>
          {RAPOR_LABELS[lang].akhlak}
        </Text>
        <Text size="sm" data-testid="rapor-akhlak">
          {p.akhlakNote ?? '-'}
        </Text>
      </Part>
    </Stack>
  );
}

/**
 * tutor/rapor: the homeroom teacher picks a student of their class and checks the rapor before printing it; the
 * principal and WAKAKUR pick any class of the unit. The server decides who may open which class.
 */
export function RaporPage() {
  const { t } = useTranslation();
  const [semester, setSemester] = useState<Semester>(() => academicPeriodOfDate(serverToday()).semester);
  const [picked, setPicked] = useState<number | null>(null);
  const [studentId, setStudentId] = useState<number | null>(null);
  const [busy, setBusy] = useState<'student' | 'class' | null>(null);
  // a past year's rapors stay readable: the year is chosen, the active one at first
  const activeYear = useActiveYearId();
  const [yearChoice, setYear] = useState<number | null>(null);
  const yearId = yearChoice ?? activeYear;
  const classes = useRaporClasses(yearId);
  const classId = picked ?? classes.data?.items[0]?.id ?? null;
  const roster = useRaporClass(classId, semester);
  const rapor = useRapor(studentId, semester, classId);
  const className = classes.data?.items.find((c) => c.id === classId)?.name ?? '';

  async function download(kind: 'student' | 'class') {
    setBusy(kind);
    try {
      if (kind === 'student' && studentId !== null) {
        await downloadStudentPdf(
          studentId,
          semester,
          `rapor-${rapor.data?.student.nis ?? studentId}-${semester}.pdf`,
          classId,
        );
      } else if (kind === 'class' && classId !== null) {
        await downloadClassPdf(classId, semester, `rapor-${className}-${semester}.pdf`);
      }
    } catch {
      notifyError(new Error(t('rapor.downloadFailed')));
    } finally {
      setBusy(null);
    }
  }

  return (
    <Stack maw={1000}>
      <PageTitle
        actions={
          <Group gap="xs">
            <ERaporExportButton
              classId={classId}
              className={className}
              semester={semester}
              subjects={rapor.data?.subjects ?? []}
            />
            <Button
              variant="default"
              disabled={classId === null}
              loading={busy === 'class'}
              onClick={() => void download('class')}
            >
              {t('rapor.classPdf')}
            </Button>
            <Button disabled={!rapor.data} loading={busy === 'student'} onClick={() => void download('student')}>
              {t('rapor.downloadPdf')}
            </Button>
          </Group>
        }
      >
        {t('rapor.title')}
      </PageTitle>
      <UnitRaporJob semester={semester} />
      <YearSelect
        value={yearId}
        onChange={(v) => {
          setYear(v);
          setPicked(null);
          setStudentId(null);
        }}
        allowDeselect={false}
      />
      {classes.isPending ? (
        <Skeleton height={36} />
      ) : classes.isError ? (
        <Alert color="red">{errorText(classes.error)}</Alert>
      ) : classes.data.items.length === 0 ? (
        <Alert color="blue">{t('rapor.noClasses')}</Alert>
      ) : (
        <>
          <Group align="end" wrap="wrap">
            <Select
              label={t('rapor.classLabel')}
              data={classes.data.items.map((c) => ({ value: String(c.id), label: c.name }))}
              value={classId === null ? null : String(classId)}
              onChange={(v) => {
                setPicked(v ? Number(v) : null);
                setStudentId(null);
              }}
              allowDeselect={false}
              w={160}
            />
            <SegmentedControl
              aria-label={t('rapor.semesterLabel')}
              data={SEMESTERS.map((s) => ({ value: s, label: `${t('rapor.semesterLabel')} ${t(`rapor.${s}`)}` }))}
              value={semester}
              onChange={(v) => setSemester(v as Semester)}
            />
            <Select
              label={t('rapor.studentLabel')}
              placeholder={t('rapor.pickStudent')}
              data={(roster.data?.students ?? []).map((s) => ({ value: String(s.id), label: `${s.name} (${s.nis})` }))}
              value={studentId === null ? null : String(studentId)}
              onChange={(v) => setStudentId(v ? Number(v) : null)}
              searchable
              disabled={!roster.data || roster.data.students.length === 0}
              w={{ base: '100%', sm: 320 }}
            />
          </Group>
          {roster.isError && <Alert color="red">{errorText(roster.error)}</Alert>}
          {roster.data && roster.data.students.length === 0 && <Text c="dimmed">{t('rapor.noStudents')}</Text>}
          {studentId === null ? (
            roster.data && roster.data.students.length > 0 && <Text c="dimmed">{t('rapor.pickStudent')}</Text>
          ) : rapor.isPending ? (
            <Skeleton height={480} />
          ) : rapor.isError ? (
            <Alert color="red">{errorText(rapor.error)}</Alert>
          ) : (
            <RaporView rapor={rapor.data} />
          )}
        </>
      )}
    </Stack>
  );
}
