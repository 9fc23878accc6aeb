import { Anchor, Table, Text } from '@mantine/core';
import type { ExamControlBoard } from '@mms/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ExportButton } from '../../../components/data-list/export-button.tsx';
import { downloadClientXlsx } from '../../../components/data-list/export-xlsx.ts';
import { PrintButton, PrintedPaper } from '../../../components/print/printed-paper.tsx';
import { useSession } from '../../../lib/session.ts';
import { clockText, gradeText, passedOf, scoreColumns } from '../control-model.ts';
import { detailLink, StateBadge, VerdictBadge } from './taker-board.tsx';

/** The scores of one assessment on the printed paper (print, Excel); live while the exam runs. */
export function ScoreTable({ board }: { board: ExamControlBoard }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'id';
  const session = useSession();
  const a = board.assessment;
  const exportAll = () =>
    downloadClientXlsx(
      {
        title: `${t('examControl.titleScore')} – ${a.title}`,
        filters: [
          [t('examControl.subject'), a.subjectName],
          [t('examControl.grade'), a.gradeName],
        ],
      },
      scoreColumns(board),
      board.takers,
      `${t('examControl.score.fileName')}-${a.title}.xlsx`,
    );
  return (
    <PrintedPaper
      unitId={session.data?.unit?.id ?? null}
      title={a.title}
      subtitle={
        <Text size="sm">
          {a.subjectName} · {a.gradeName} · {t('examControl.score.passing', { mark: a.passingMark })}
        </Text>
      }
      actions={
        <>
          <PrintButton />
          <ExportButton onExport={exportAll} />
        </>
      }
    >
      {board.takers.length === 0 ? (
        <Text mt="md">{t('examControl.noTakers')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={720} mt="md">
          <Table striped withTableBorder data-testid="score-table" aria-label={t('examControl.titleScore')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('examControl.score.no')}</Table.Th>
                <Table.Th>{t('examControl.name')}</Table.Th>
                <Table.Th>{t('examControl.className')}</Table.Th>
                <Table.Th>{t('examControl.state')}</Table.Th>
                <Table.Th ta="right">{t('examControl.score.grade')}</Table.Th>
                <Table.Th ta="right">{t('examControl.score.pendingEssays')}</Table.Th>
                <Table.Th>{t('examControl.score.result')}</Table.Th>
                <Table.Th>{t('examControl.score.submittedBy')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {board.takers.map((r, i) => {
                const passed = passedOf(r, a.passingMark);
                return (
                  <Table.Tr key={r.studentId} data-testid={`score-${r.studentId}`}>
                    <Table.Td>{i + 1}</Table.Td>
                    <Table.Td>
                      {r.attemptId !== null ? (
                        <Anchor component={Link} to={detailLink(board, r.attemptId)} size="sm">
                          {r.name}
                        </Anchor>
                      ) : (
                        <Text size="sm">{r.name}</Text>
                      )}
                      {r.nis && <Text size="xs">{r.nis}</Text>}
                    </Table.Td>
                    <Table.Td>{r.className}</Table.Td>
                    <Table.Td>
                      <StateBadge state={r.state} />
                    </Table.Td>
                    <Table.Td ta="right" fw={700} data-testid="score-grade">
                      {gradeText(r.grade, lang)}
                    </Table.Td>
                    <Table.Td ta="right">{r.pendingEssays || '–'}</Table.Td>
                    <Table.Td>
                      {passed === null ? (
                        '–'
                      ) : (
                        <VerdictBadge
                          ok={passed}
                          yes={t('examControl.score.passed')}
                          no={t('examControl.score.notPassed')}
                        />
                      )}
                    </Table.Td>
                    <Table.Td>
                      {r.submittedBy ? (
                        <>
                          {t(`examControl.score.by.${r.submittedBy}`)}
                          {r.submittedAt && <Text size="xs">{clockText(r.submittedAt)}</Text>}
                        </>
                      ) : (
                        '–'
                      )}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </PrintedPaper>
  );
}
