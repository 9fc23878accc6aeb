import { Text } from '@mantine/core';
import { formatDate, type ExamRoomSheet } from '@mms/shared';
import { useTranslation } from 'react-i18next';
import { PrintButton, PrintedPaper } from '../../../components/print/printed-paper.tsx';
import classes from './exam-sheets.module.css';

const unique = (values: string[]) => [...new Set(values)].join(', ');

/** Who signs a room's paper: the proctor(s) of its session, with their NIP. */
function ProctorSignature({ sheet }: { sheet: ExamRoomSheet }) {
  const { t } = useTranslation();
  const proctors = [...new Map(sheet.exams.map((e) => [e.proctorName, e])).values()];
  return (
    <>
      {proctors.map((p) => (
        <section key={p.proctorName} className={classes.proctor} data-testid="proctor-signature">
          <Text size="sm">{t('exams.proctorSign')}</Text>
          <div className={classes.proctorSpace} />
          <Text size="sm" fw={700}>
            {p.proctorName}
          </Text>
          <Text size="sm">{t('exams.nip', { nip: p.proctorNip })}</Text>
        </section>
      ))}
    </>
  );
}

function useHeading(sheet: ExamRoomSheet) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'id';
  return {
    day: formatDate(sheet.date, lang, 'weekday'),
    time: t('exams.sessionTime', { start: sheet.startsAt, end: sheet.endsAt }),
    exam: unique(sheet.exams.map((e) => e.title)),
    subject: unique(sheet.exams.map((e) => e.subjectName)),
    classes: unique(sheet.exams.map((e) => e.className)),
    proctors: unique(sheet.exams.map((e) => e.proctorName)),
  };
}

/** The attendance list (daftar hadir) of a room in a session: every student expected, with a signature column. */
export function AttendanceSheet({ sheet }: { sheet: ExamRoomSheet }) {
  const { t } = useTranslation();
  const h = useHeading(sheet);
  return (
    <PrintedPaper
      unitId={sheet.unitId}
      title={t('exams.attendanceTitle')}
      actions={<PrintButton />}
      signed={false}
      subtitle={
        <Text size="sm">
          {h.exam} · {h.subject} · {t('exams.className')} {h.classes} · {t('exams.room')} {sheet.roomName} ·{' '}
          {sheet.sessionName}, {h.day} ({h.time})
        </Text>
      }
    >
      {sheet.students.length === 0 ? (
        <Text c="dimmed">{t('exams.noStudents')}</Text>
      ) : (
        <table className={classes.table} data-testid="attendance-list">
          <thead>
            <tr>
              <th>{t('exams.no')}</th>
              <th>{t('exams.nis')}</th>
              <th>{t('exams.name')}</th>
              <th>{t('exams.className')}</th>
              <th>{t('exams.signature')}</th>
            </tr>
          </thead>
          <tbody>
            {sheet.students.map((s, i) => (
              <tr key={s.studentId}>
                <td>{i + 1}</td>
                <td>{s.nis}</td>
                <td>{s.name}</td>
                <td>{s.className}</td>
                <td className={classes.signatureCell}>{i + 1}.</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <ProctorSignature sheet={sheet} />
    </PrintedPaper>
  );
}

/**
 * The exam report (berita acara) of a room in a session, the school's standard form: day and date, time, room,
 * subject, the candidates expected (filled in), present and absent (left for the proctor), notes, signature.
 */
export function ExamReportSheet({ sheet }: { sheet: ExamRoomSheet }) {
  const { t } = useTranslation();
  const h = useHeading(sheet);
  const rows: [string, string][] = [
    [t('exams.dayDate'), h.day],
    [t('exams.time'), `${h.time} WIB (${sheet.sessionName})`],
    [t('exams.room'), sheet.roomName],
    [t('exams.subject'), h.subject],
    [t('exams.className'), h.classes],
    [t('exams.proctor'), h.proctors],
    [t('exams.expected'), t('exams.people', { count: sheet.expected })],
    [t('exams.present'), t('exams.blank')],
    [t('exams.absent'), t('exams.blank')],
  ];
  return (
    <PrintedPaper unitId={sheet.unitId} title={t('exams.reportTitle')} actions={<PrintButton />} signed={false}>
      <Text size="sm" mt="sm">
        {t('exams.reportOpening', { day: h.day, exam: h.exam, start: sheet.startsAt, end: sheet.endsAt })}
      </Text>
      <table className={`${classes.table} ${classes.form}`} data-testid="exam-report">
        <tbody>
          {rows.map(([label, value]) => (
            <tr key={label}>
              <td>{label}</td>
              <td>{value}</td>
            </tr>
          ))}
          <tr>
            <td>{t('exams.absentNames')}</td>
            <td className={classes.lines} />
          </tr>
          <tr>
            <td>{t('exams.notes')}</td>
            <td className={classes.lines} />
          </tr>
        </tbody>
      </table>
      <ProctorSignature sheet={sheet} />
    </PrintedPaper>
  );
}
