import {
  Alert,
  Badge,
  Button,
  Group,
  SegmentedControl,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  Textarea,
} from '@mantine/core';
import { academicPeriodOfDate, SEMESTERS, type DescriptionSheet, type Semester } from '@mms/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/page-title.tsx';
import { errorText } from '../../../i18n/index.ts';
import { serverToday } from '../../../lib/clock.ts';
import { confirmDialog } from '../../../lib/dialogs.tsx';
import { notifyDone, notifyError } from '../../../lib/notify.ts';
import { useScoreChoices } from '../../grades/api.ts';
import { useDescriptions, useSaveDescriptions } from '../api.ts';

type Row = DescriptionSheet['students'][number];

/** One student's description: the draft, the text to save (the saved one, else the draft) and its save. */
function StudentRow({
  row,
  canEdit,
  onSave,
  saving,
}: {
  row: Row;
  canEdit: boolean;
  onSave: (text: string, source: 'DRAFT' | 'EDITED') => void;
  saving: boolean;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState<string | null>(null);
  const current = text ?? row.saved?.text ?? row.draft.id;
  const hasDraft = row.draft.status !== 'NO_DATA';
  const source = hasDraft && current.trim() === row.draft.id ? 'DRAFT' : 'EDITED';
  return (
    <Table.Tr data-testid={`description-${row.studentId}`}>
      <Table.Td>
        <Text size="sm" fw={500}>
          {row.name}
        </Text>
        <Text size="xs" c="dimmed">
          {row.nis}
        </Text>
      </Table.Td>
      <Table.Td maw={280}>
        <Text size="sm">{hasDraft ? row.draft.id : t('descriptions.noDraft')}</Text>
      </Table.Td>
      <Table.Td miw={260}>
        <Stack gap={4}>
          <Textarea
            aria-label={t('descriptions.text', { name: row.name })}
            value={current}
            onChange={(e) => setText(e.currentTarget.value)}
            autosize
            minRows={2}
            maxLength={1000}
            readOnly={!canEdit}
          />
          <Group gap="xs">
            {row.saved ? (
              <Badge color={row.saved.source === 'DRAFT' ? 'blue' : 'grape'} variant="light">
                {row.saved.source === 'DRAFT' ? t('descriptions.accepted') : t('descriptions.edited')}
              </Badge>
            ) : (
              <Badge color="gray" variant="light">
                {t('descriptions.notSaved')}
              </Badge>
            )}
            {row.saved?.updatedBy && (
              <Text size="xs" c="dimmed">
                {t('descriptions.savedBy', { by: row.saved.updatedBy })}
              </Text>
            )}
          </Group>
        </Stack>
      </Table.Td>
      {canEdit && (
        <Table.Td>
          <Group gap="xs" wrap="nowrap">
            {hasDraft && current !== row.draft.id && (
              <Button size="xs" variant="default" onClick={() => setText(row.draft.id)}>
                {t('descriptions.useDraft')}
              </Button>
            )}
            <Button
              size="xs"
              loading={saving}
              disabled={!current.trim() || current === row.saved?.text}
              aria-label={`${t('descriptions.save')} ${row.name}`}
              onClick={() => onSave(current.trim(), source)}
            >
              {t('descriptions.save')}
            </Button>
          </Group>
        </Table.Td>
      )}
    </Table.Tr>
  );
}

/**
 * The description editor (issue 40 §2): per class, subject and semester, each student's drafted capaian kompetensi
 * beside the saved text; the subject teacher (or WAKAKUR) accepts or edits and saves, one by one or every draft at
 * once after a confirmation; the homeroom and the principal read.
 */
export function DescriptionsPage() {
  const { t } = useTranslation();
  const choices = useScoreChoices();
  const [pair, setPair] = useState<string | null>(null);
  const [semester, setSemester] = useState<Semester>(() => academicPeriodOfDate(serverToday()).semester);
  const items = choices.data?.items ?? [];
  const chosen = pair ?? (items.length === 1 ? `${items[0]!.classGroupId}:${items[0]!.subjectId}` : null);
  const [classGroupId, subjectId] = chosen ? (chosen.split(':').map(Number) as [number, number]) : [0, 0];
  const sheet = useDescriptions(chosen ? { classGroupId, subjectId, semester } : null);
  const save = useSaveDescriptions();
  const [savingId, setSavingId] = useState<number | null>(null);
  const data = sheet.data;

  const saveOne = (studentId: number, text: string, source: 'DRAFT' | 'EDITED') => {
    setSavingId(studentId);
    save.mutate(
      { classGroupId, subjectId, semester, entries: [{ studentId, text, source }] },
      {
        onSuccess: () => notifyDone('saved'),
        onError: notifyError,
        onSettled: () => setSavingId(null),
      },
    );
  };

  const acceptAll = () => {
    if (!data) return;
    const open = data.students.filter((s) => !s.saved && s.draft.status !== 'NO_DATA');
    if (!open.length) {
      notifyError(new Error(t('descriptions.nothingToAccept')));
      return;
    }
    confirmDialog({
      title: t('descriptions.acceptAllTitle'),
      text: t('descriptions.acceptAllText', { count: open.length }),
      confirm: t('descriptions.acceptAllConfirm'),
      onConfirm: () =>
        save.mutate(
          {
            classGroupId,
            subjectId,
            semester,
            entries: open.map((s) => ({ studentId: s.studentId, text: s.draft.id, source: 'DRAFT' as const })),
          },
          {
            onSuccess: (r) => notifyDone('saved', t('descriptions.savedCount', { count: r.saved })),
            onError: notifyError,
          },
        ),
    });
  };

  return (
    <Stack gap="md">
      <PageTitle>{t('descriptions.title')}</PageTitle>
      <Text size="sm" c="dimmed">
        {t('descriptions.lead')}
      </Text>
      {choices.isError ? (
        <Alert color="red">{errorText(choices.error)}</Alert>
      ) : choices.isSuccess && items.length === 0 ? (
        <Text c="dimmed">{t('descriptions.noChoices')}</Text>
      ) : (
        <Group align="flex-end" gap="sm" wrap="wrap">
          <Select
            label={t('descriptions.sheet')}
            placeholder={t('descriptions.sheetPlaceholder')}
            data={items.map((i) => ({
              value: `${i.classGroupId}:${i.subjectId}`,
              label: `${i.className} · ${i.subjectName}`,
            }))}
            value={chosen}
            onChange={setPair}
            searchable
            allowDeselect={false}
            w={{ base: '100%', xs: 280 }}
          />
          <div>
            <Text size="sm" fw={500} id="descriptions-semester" mb={4}>
              {t('descriptions.semester')}
            </Text>
            <SegmentedControl
              aria-labelledby="descriptions-semester"
              data={SEMESTERS.map((s) => ({ value: s, label: t(`descriptions.${s}`) }))}
              value={semester}
              onChange={(v) => setSemester(v as Semester)}
            />
          </div>
          {data?.canEdit && data.students.length > 0 && (
            <Button color="green" onClick={acceptAll} loading={save.isPending && savingId === null}>
              {t('descriptions.acceptAll')}
            </Button>
          )}
        </Group>
      )}
      {!chosen ? (
        choices.isSuccess && items.length > 0 && <Text c="dimmed">{t('descriptions.pick')}</Text>
      ) : sheet.isError ? (
        <Alert color="red">{errorText(sheet.error)}</Alert>
      ) : !data ? (
        <Skeleton height={240} aria-label={t('app.loading')} />
      ) : data.students.length === 0 ? (
        <Text c="dimmed">{t('descriptions.noStudents')}</Text>
      ) : (
        <>
          {!data.canEdit && <Alert color="blue">{t('descriptions.readOnly')}</Alert>}
          <Table.ScrollContainer minWidth={720}>
            <Table striped verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('descriptions.student')}</Table.Th>
                  <Table.Th>{t('descriptions.draft')}</Table.Th>
                  <Table.Th>{t('descriptions.saved')}</Table.Th>
                  {data.canEdit && <Table.Th aria-label={t('descriptions.save')} />}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.students.map((row) => (
                  <StudentRow
                    key={`${chosen}:${semester}:${row.studentId}:${row.saved?.updatedAt ?? ''}`}
                    row={row}
                    canEdit={data.canEdit}
                    saving={savingId === row.studentId}
                    onSave={(text, source) => saveOne(row.studentId, text, source)}
                  />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </>
      )}
    </Stack>
  );
}
