import { ActionIcon, Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { SCORE_KINDS, SCORE_KIND_LABELS, type ScoreRecap } from '@mms/shared';
import { IconAdjustments, IconArrowBackUp, IconPencil, IconSettings } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ExportButton } from '../../../components/data-list/export-button.tsx';
import { downloadClientXlsx, type ExportColumn } from '../../../components/data-list/export-xlsx.ts';
import { PrintButton, PrintedPaper } from '../../../components/print/printed-paper.tsx';
import { FormModal } from '../../../lib/unsaved-changes.tsx';
import { useCurrentUser } from '../../../lib/session.ts';
import { formatScore } from '../grid-model.ts';
import { GradeRulesForm } from './grade-rules-form.tsx';
import { OverrideForm } from './override-form.tsx';
import { PolicyForm } from './policy-form.tsx';
import { RemedialForm } from './remedial-form.tsx';
import { userCan } from '../../../lib/permissions.ts';

type Row = ScoreRecap['rows'][number];

/**
 * The recap of a class and subject in a semester, as a printable paper: each kind's mean, the final grade weighed
 * by the policy (final-score.ts), and who is below the KKTP, with the class mean; WAKAKUR sets the unit's grade
 * rules and the subject's KKTP here; who may type in the sheet overrides a final score (with a reason) and enters
 * remedial and enrichment scores.
 */
export function RecapView({ recap, semesterLabel }: { recap: ScoreRecap; semesterLabel: string }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'id';
  const user = useCurrentUser();
  const [editing, setEditing] = useState(false);
  const [rules, setRules] = useState(false);
  const [overriding, setOverriding] = useState<Row | null>(null);
  const [remedial, setRemedial] = useState<Row | null>(null);
  const remedialCount = (r: Row) => recap.remedials.filter((x) => x.studentId === r.studentId).length;
  const kinds = SCORE_KINDS.filter((k) => recap.columnCounts[k] > 0);
  const show = (n: number | null) => (n === null ? t('grades.noGrade') : formatScore(n, lang));
  const status = (r: Row) =>
    r.belowKkm === null ? t('grades.noGrade') : r.belowKkm ? t('grades.notPassed') : t('grades.passed');
  const weightsLine = SCORE_KINDS.filter((k) => recap.policy.weights[k] > 0)
    .map((k) => `${SCORE_KIND_LABELS[k].short} ${recap.policy.weights[k]}`)
    .join(' · ');
  const title = `${t('grades.recapTitle')} ${recap.subject.name} ${recap.classGroup.name}`;

  const columns: ExportColumn<Row>[] = [
    { title: t('grades.nis'), value: (r) => r.nis },
    { title: t('grades.student'), value: (r) => r.name },
    ...kinds.map((k) => ({
      title: t('grades.mean', { kind: SCORE_KIND_LABELS[k].short }),
      value: (r: Row) => r.means[k],
    })),
    { title: t('grades.final'), value: (r) => r.final },
    { title: t('grades.computed'), value: (r) => r.computed },
    { title: t('grades.overrideReason'), value: (r) => r.override?.reason ?? null },
    { title: t('grades.status'), value: status },
  ];

  return (
    <PrintedPaper
      unitId={user.unit?.id ?? null}
      title={title}
      subtitle={
        <Text size="sm">
          {semesterLabel} · {t('grades.kkm')} {recap.policy.kkm} · {t('grades.weights')}: {weightsLine} (
          {recap.policy.custom ? t('grades.weightsCustom') : t('grades.weightsDefault')})
        </Text>
      }
      actions={
        <>
          {userCan(user, 'assessment.check') && (
            <Button
              variant="default"
              leftSection={<IconSettings size={16} aria-hidden />}
              onClick={() => setRules(true)}
            >
              {t('grades.editRules')}
            </Button>
          )}
          {userCan(user, 'assessment.check') && (
            <Button
              variant="default"
              leftSection={<IconAdjustments size={16} aria-hidden />}
              onClick={() => setEditing(true)}
            >
              {t('grades.editPolicy')}
            </Button>
          )}
          <PrintButton />
          <ExportButton
            onExport={() =>
              downloadClientXlsx(
                { title, filters: [[t('grades.semester'), semesterLabel]] },
                columns,
                recap.rows,
                `rekap-nilai-${recap.classGroup.name}-${recap.subject.name}.xlsx`,
              )
            }
          />
        </>
      }
    >
      <Stack gap="sm" mt="md">
        <Table.ScrollContainer minWidth={480}>
          <Table striped withTableBorder data-testid="recap-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('grades.no')}</Table.Th>
                <Table.Th>{t('grades.student')}</Table.Th>
                {kinds.map((k) => (
                  <Table.Th key={k} ta="right" title={SCORE_KIND_LABELS[k][lang]}>
                    {t('grades.mean', { kind: SCORE_KIND_LABELS[k].short })}
                  </Table.Th>
                ))}
                <Table.Th ta="right">{t('grades.final')}</Table.Th>
                <Table.Th>{t('grades.status')}</Table.Th>
                {recap.canEdit && <Table.Th className="no-print" aria-label={t('grades.overrideScore')} />}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {recap.rows.map((r, i) => (
                <Table.Tr key={r.studentId} data-testid={`recap-row-${r.nis}`}>
                  <Table.Td>{i + 1}</Table.Td>
                  <Table.Td>
                    <Text size="sm">{r.name}</Text>
                    <Text size="xs" c="dimmed">
                      {r.nis}
                    </Text>
                  </Table.Td>
                  {kinds.map((k) => (
                    <Table.Td key={k} ta="right">
                      {show(r.means[k])}
                    </Table.Td>
                  ))}
                  <Table.Td ta="right" fw={700} data-testid="recap-final">
                    {show(r.final)}
                  </Table.Td>
                  <Table.Td>
                    {r.belowKkm ? (
                      <Badge color="red" variant="light">
                        {t('grades.notPassed')}
                      </Badge>
                    ) : (
                      status(r)
                    )}
                    {r.override && (
                      <Badge ml={4} color="grape" variant="light" title={r.override.reason}>
                        {t('grades.overridden')}
                      </Badge>
                    )}
                  </Table.Td>
                  {recap.canEdit && (
                    <Table.Td className="no-print">
                      <Group gap={4} wrap="nowrap">
                        <ActionIcon
                          variant="subtle"
                          aria-label={t('grades.overrideOf', { student: r.name })}
                          onClick={() => setOverriding(r)}
                        >
                          <IconPencil size={16} aria-hidden />
                        </ActionIcon>
                        <ActionIcon
                          variant={remedialCount(r) ? 'light' : 'subtle'}
                          aria-label={t('grades.remedialOf', { student: r.name })}
                          onClick={() => setRemedial(r)}
                        >
                          <IconArrowBackUp size={16} aria-hidden />
                        </ActionIcon>
                      </Group>
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Group gap="xl">
          <Text size="sm" data-testid="recap-class-mean">
            {t('grades.classMean')}: <b>{show(recap.classMean)}</b>
          </Text>
          <Text size="sm" data-testid="recap-below">
            {t('grades.belowCount')}: <b>{recap.belowKkm}</b>
          </Text>
        </Group>
      </Stack>
      <FormModal
        opened={editing}
        onClose={() => setEditing(false)}
        title={t('grades.policyTitle', { subject: recap.subject.name })}
        size="lg"
      >
        {editing && <PolicyForm policy={recap.policy} onDone={() => setEditing(false)} />}
      </FormModal>
      <FormModal opened={rules} onClose={() => setRules(false)} title={t('grades.rulesTitle')} size="lg">
        {rules && <GradeRulesForm onDone={() => setRules(false)} />}
      </FormModal>
      <FormModal
        opened={overriding !== null}
        onClose={() => setOverriding(null)}
        title={overriding ? t('grades.overrideTitle', { student: overriding.name }) : ''}
      >
        {overriding && <OverrideForm recap={recap} row={overriding} onDone={() => setOverriding(null)} />}
      </FormModal>
      <FormModal
        opened={remedial !== null}
        onClose={() => setRemedial(null)}
        title={remedial ? t('grades.remedialTitle', { student: remedial.name }) : ''}
        size="lg"
      >
        {remedial && <RemedialForm recap={recap} row={remedial} onDone={() => setRemedial(null)} />}
      </FormModal>
    </PrintedPaper>
  );
}
