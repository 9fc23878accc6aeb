import { Button, Group, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { ShareInput, type AssessmentDetail } from '@mms/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataList } from '../../../components/data-list/data-list.tsx';
import { useTeachersLookup } from '../../school/api.ts';
import { useShareAssessment } from '../api.ts';
import { useDialogSubmit } from './use-dialog-submit.ts';

/**
 * "Bagikan" (issue 12): the author gives another teacher of the unit who teaches the subject the set to read, or to
 * copy as their own draft. The server decides who qualifies and answers a clear message for anyone else.
 */
export function ShareDialog({ assessment: a, onDone }: { assessment: AssessmentDetail; onDone: () => void }) {
  const { t } = useTranslation();
  const teachers = useTeachersLookup(a.unitId);
  const share = useShareAssessment();
  const [employeeId, setEmployeeId] = useState<string | null>(null);
  const [mode, setMode] = useState<'READ' | 'COPY'>('READ');
  const { errors, submit: send } = useDialogSubmit(share, { id: a.id, done: t('assess.shared'), onDone });
  const taken = new Set(a.shares.map((s) => s.employeeId));
  const submit = () => send(ShareInput.safeParse({ employeeId: employeeId ? Number(employeeId) : undefined, mode }));

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
        value={employeeId}
        onChange={setEmployeeId}
        error={errors.employeeId}
        searchable
        withAsterisk
      />
      <div>
        <Text size="sm" fw={500} id="share-mode-label" mb={4}>
          {t('assess.shareMode')}
        </Text>
        <SegmentedControl
          aria-labelledby="share-mode-label"
          value={mode}
          onChange={(v) => setMode(v as 'READ' | 'COPY')}
          data={(['READ', 'COPY'] as const).map((m) => ({ value: m, label: t(`assess.shareModes.${m}`) }))}
        />
      </div>
      <Group justify="flex-end">
        <Button onClick={submit} loading={share.isPending}>
          {t('assess.share')}
        </Button>
      </Group>
    </Stack>
  );
}
