import { Badge, Group, List, Stack, Table, Text } from '@mantine/core';
import type { AssessmentDetail } from '@mms/shared';
import { useTranslation } from 'react-i18next';
import { useAssessment } from '../api.ts';
import { STATE_COLORS } from '../assessment-model.ts';
import { whenText, windowText } from '../distribution-model.ts';
import { htmlToText } from '../question-model.ts';

/** One assessment to read, nothing to change (the controllers' question lists): loads it by id. */
export function AssessmentViewDialog({ id }: { id: number }) {
  const { t } = useTranslation();
  const found = useAssessment(id);
  if (!found.data) return <Text size="sm">{t('app.loading')}</Text>;
  return <AssessmentView assessment={found.data} />;
}

/** What a set is, whose, for whom and when, and its questions (the stems as text, with their points). */
export function AssessmentView({ assessment: a }: { assessment: AssessmentDetail }) {
  const { t } = useTranslation();
  const facts: [string, string][] = [
    [t('assess.subjectGrade'), `${a.subjectName} · ${a.gradeName}`],
    [t('assess.author'), a.authorName ?? '–'],
    [t('assess.classes'), a.classes.map((c) => c.name).join(', ') || t('distrib.noClasses')],
    [t('assess.window'), a.opensAt ? windowText(a.opensAt, a.closesAt) : t('distrib.noWindow')],
    ...(a.kind === 'TASK' ? [[t('distrib.due'), whenText(a.dueAt)] as [string, string]] : []),
    ...(a.durationMinutes ? [[t('assess.duration'), String(a.durationMinutes)] as [string, string]] : []),
    [t('assess.passingMark'), String(a.passingMark)],
    [t('assess.items'), String(a.itemCount)],
  ];
  return (
    <Stack gap="md">
      <Group gap="xs">
        <Badge variant="light">{t(`assess.kinds.${a.kind}`)}</Badge>
        <Badge color={STATE_COLORS[a.state]} variant="light">
          {t(`assess.states.${a.state}`)}
        </Badge>
      </Group>
      <Table withTableBorder aria-label={a.title}>
        <Table.Tbody>
          {facts.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th w={200}>{label}</Table.Th>
              <Table.Td>{value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {a.instructions && <Text size="sm">{a.instructions}</Text>}
      {a.items.length > 0 && (
        <List type="ordered" spacing="xs">
          {a.items.map((item) => (
            <List.Item key={item.questionId}>
              {htmlToText(item.stem)} ({t('assess.points', { n: item.points })})
            </List.Item>
          ))}
        </List>
      )}
      {a.drawRules.length > 0 && (
        <Text size="sm">{t('distrib.drawRules', { count: a.drawRules.reduce((n, r) => n + r.count, 0) })}</Text>
      )}
    </Stack>
  );
}
