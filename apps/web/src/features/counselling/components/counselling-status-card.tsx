import '../../../i18n/counselling/index.ts';
import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';

import { useTranslation } from 'react-i18next';
import { dateText } from '../../../lib/display.ts';
import { useCurrentUser } from '../../../lib/session.ts';
import { useCounsellingStatus } from '../api.ts';
import { kindText, STATUS_COLORS, statusText } from './labels.ts';
import { userCan } from '../../../lib/permissions.ts';

/**
 * That a student has counselling cases, with their date, kind and status, never the topic or content: for the
 * student's homeroom teacher (and BPBK and the principal). Shows nothing to anyone the server refuses.
 */
export function CounsellingStatusCard({ studentId }: { studentId: number }) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const allowed = userCan(user, 'counselling.status');
  const status = useCounsellingStatus(studentId, allowed);
  if (!allowed || !status.isSuccess) return null;
  const items = status.data.items;
  return (
    <Paper withBorder p="md" radius="md" data-testid="counselling-status-card">
      <Title order={2} fz="h5" mb="xs">
        {t('counselling.statusCard')}
      </Title>
      {items.length === 0 ? (
        <Text size="sm">{t('counselling.statusCardEmpty')}</Text>
      ) : (
        <Stack gap={4}>
          <Text size="sm">{t('counselling.statusCardCount', { count: items.length })}</Text>
          {items.map((c) => (
            <Group key={c.id} gap="xs">
              <Text size="sm">{dateText(c.date)}</Text>
              <Badge variant="light">{kindText(c.kind)}</Badge>
              <Badge color={STATUS_COLORS[c.status]}>{statusText(c.status)}</Badge>
            </Group>
          ))}
        </Stack>
      )}
    </Paper>
  );
}
