import { Group, Stack, Text } from '@mantine/core';
import { formatDate, type ExamCards } from '@mms/shared';
import { useTranslation } from 'react-i18next';
import { PrintButton, PrintedPaper } from '../../../components/print/printed-paper.tsx';
import classes from './exam-sheets.module.css';
import { QrCode } from './qr-code.tsx';

/** The exam cards (kartu peserta) of a class, several to an A4 page: each with the username and its QR code. */
export function ExamCardsSheet({ data }: { data: ExamCards }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'id';
  return (
    <PrintedPaper
      unitId={data.unitId}
      title={t('exams.cardsTitle', { className: data.className })}
      actions={<PrintButton />}
      signed={false}
    >
      {data.cards.length === 0 && <Text c="dimmed">{t('exams.noCards')}</Text>}
      <div className={classes.cards}>
        {data.cards.map((card) => (
          <article key={card.studentId} className={classes.card} data-testid="exam-card">
            <Text fw={700} className={classes.cardHead}>
              {t('exams.cardTitle')}
            </Text>
            <Group justify="space-between" align="flex-start" wrap="nowrap">
              <Stack gap={2}>
                <Text fw={700}>{card.name}</Text>
                <Text size="sm">
                  {t('exams.nis')}: {card.nis}
                </Text>
                <Text size="sm">
                  {t('exams.className')}: {card.className}
                </Text>
                <Text size="sm">
                  {t('exams.username')}: <b data-testid="card-username">{card.username ?? t('exams.noUsername')}</b>
                </Text>
              </Stack>
              {card.username && <QrCode text={card.username} alt={t('exams.qrAlt', { username: card.username })} />}
            </Group>
            {card.exams.length > 0 && (
              <table className={classes.table}>
                <thead>
                  <tr>
                    <th>{t('exams.date')}</th>
                    <th>{t('exams.session')}</th>
                    <th>{t('exams.subject')}</th>
                    <th>{t('exams.room')}</th>
                  </tr>
                </thead>
                <tbody>
                  {card.exams.map((e) => (
                    <tr key={`${e.date}-${e.sessionName}-${e.title}`}>
                      <td>{formatDate(e.date, lang, 'short')}</td>
                      <td>
                        {e.sessionName} ({t('exams.sessionTime', { start: e.startsAt, end: e.endsAt })})
                      </td>
                      <td>{e.subjectName}</td>
                      <td>{e.roomName}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </article>
        ))}
      </div>
    </PrintedPaper>
  );
}
