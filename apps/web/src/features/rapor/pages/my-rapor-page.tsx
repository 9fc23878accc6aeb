import { Alert, Button, Group, Skeleton, Stack, Table, Text } from '@mantine/core';
import type { Semester } from '@mms/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/page-title.tsx';
import { errorText } from '../../../i18n/index.ts';
import { dateTimeText } from '../../../lib/display.ts';
import { notifyError } from '../../../lib/notify.ts';
import { downloadMyRapor, useMyRapors } from '../workflow-api.ts';

/** students/student/rapor ("Rapor saya"): the student's published rapors; the first download marks one seen. */
export function MyRaporPage() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'id';
  const mine = useMyRapors();
  const [busy, setBusy] = useState<Semester | null>(null);
  async function download(semester: Semester) {
    setBusy(semester);
    try {
      await downloadMyRapor(semester, `rapor-${semester}.pdf`);
      await mine.refetch();
    } catch {
      notifyError(new Error(t('raporFlow.downloadFailed')));
    } finally {
      setBusy(null);
    }
  }
  return (
    <Stack maw={800}>
      <PageTitle>{t('raporFlow.myTitle')}</PageTitle>
      {mine.isPending ? (
        <Skeleton height={120} />
      ) : mine.isError ? (
        <Alert color="red">{errorText(mine.error)}</Alert>
      ) : mine.data.items.length === 0 ? (
        <Alert color="blue">{t('raporFlow.noPublished')}</Alert>
      ) : (
        <Table.ScrollContainer minWidth={480}>
          <Table striped>
            <Table.Tbody>
              {mine.data.items.map((r) => (
                <Table.Tr key={`${r.classGroupId}-${r.semester}`}>
                  <Table.Td>
                    {r.className} · {t('rapor.semesterLabel')} {t(`rapor.${r.semester}`)}
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">
                      {t('raporFlow.publishedAt')} {dateTimeText(r.publishedAt, lang)}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {r.seenAt ? `${t('raporFlow.seen')} ${dateTimeText(r.seenAt, lang)}` : t('raporFlow.notSeen')}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Group justify="end">
                      <Button size="xs" loading={busy === r.semester} onClick={() => void download(r.semester)}>
                        {t('raporFlow.download')}
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
