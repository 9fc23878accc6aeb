import { Button, Group, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { ShareInput, type AssessmentDetail } from '@mms/shared';
import { useTranslation } from 'react-i18next';
import { DataList } from '../../../components/data-list/data-list.tsx';
import { useTeachersLookup } from '../../school/api.ts';
import { useShareAssessment } from '../api.ts';
import { useContractForm } from '../../../lib/contract-form.ts';
import { notifyInfo } from '../../../lib/notify.ts';

/**
 * "Bagikan" (issue 12): the author gives another teacher of the unit who teaches the subject the set to read, or to
 * copy as their own draft. The server decides who qualifies and answers a clear message for anyone else.
 */
export function ShareDialog({ assessment: a, onDone }: { assessment: AssessmentDetail; onDone: () => void }) {
  const { t } = useTranslation();
  const teachers = useTeachersLookup(a.unitId);
  const share = useShareAssessment();
  const { field, form, submit } = useContractForm<
    typeof ShareInput,
    { employeeId: string | null; mode: 'READ' | 'COPY' }
  >(
    ShareInput,
    { employeeId: null, mode: 'READ' },
    { prepare: (v) => ({ employeeId: v.employeeId ? Number(v.employeeId) : undefined, mode: v.mode }) },
  );
  const mode = field('mode');
  const taken = new Set(a.shares.map((s) => s.employeeId));
  const onSubmit = submit(async (body) => {
    await share.mutateAsync({ id: a.id, body });
    notifyInfo(t('assess.shared'));
    onDone();
  });

  return (
    <Stack gap="md">
      <DataList<AssessmentDetail['shares'][number]>
        bare
        label={t('assess.sharesOf', { title: a.title })}
        records={a.shares}
        idAccessor="employeeId"
        emptyText={t('assess.sharesEmpty')}
        columns={[
          { accessor: 'name', title: t('assess.shareTeacher') },
          { accessor: 'mode', title: t('assess.shareMode'), render: (s) => t(`assess.shareModes.${s.mode}`) },
        ]}
      />
      <Select
        label={t('assess.shareTeacher')}
        data={(teachers.data?.items ?? []).map((x) => ({
          value: String(x.id),
          label: taken.has(x.id) ? `${x.name} · ${t('assess.shareAgain')}` : x.name,
        }))}
        {...field('employeeId')}
        searchable
        withAsterisk
      />
      <div>
        <Text size="sm" fw={500} id="share-mode-label" mb={4}>
          {t('assess.shareMode')}
        </Text>
        <SegmentedControl
          aria-labelledby="share-mode-label"
          value={mode.value}
          onChange={mode.onChange}
          data={(['READ', 'COPY'] as const).map((m) => ({ value: m, label: t(`assess.shareModes.${m}`) }))}
        />
      </div>
      <Group justify="flex-end">
        <Button onClick={() => void onSubmit()} loading={form.formState.isSubmitting}>
          {t('assess.share')}
        </Button>
      </Group>
    </Stack>
  );
}
