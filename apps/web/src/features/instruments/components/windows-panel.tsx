import { ActionIcon, Badge, Button, Group, Modal, MultiSelect, Stack, Title } from '@mantine/core';
import { InstrumentWindowInput, type Instrument, type InstrumentWindow } from '@mms/shared';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/date-fields.tsx';
import { confirmDialog } from '../../../lib/dialogs.tsx';
import { dateRangeText } from '../../../lib/display.ts';
import { notifyDone, notifyError } from '../../../lib/notify.ts';
import { issueErrors } from '../../../lib/validation.ts';
import { useAcademicYears, useClassGroups, useGrades } from '../../school/api.ts';
import { useRemoveWindow, useSaveWindow, useWindows } from '../api.ts';
import { DataList } from '../../../components/data-list/data-list.tsx';

const STATE_COLOR = { OPEN: 'green', UPCOMING: 'blue', CLOSED: 'gray' } as const;

interface WindowDraft {
  opensOn: string;
  closesOn: string;
  classGroupIds: string[];
  gradeIds: string[];
}

/** The windows in which classes or grades of the unit may answer the instrument: list, open, change, remove. */
export function WindowsPanel({ instrument }: { instrument: Instrument }) {
  const { t } = useTranslation();
  const windows = useWindows(instrument.id);
  const remove = useRemoveWindow();
  const [editing, setEditing] = useState<{ id: number | null; draft: WindowDraft } | null>(null);
  const datesOf = (w: InstrumentWindow) => dateRangeText(w.opensOn, w.closesOn);
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2} fz="h4">
          {t('instruments.windows.title')}
        </Title>
        <Button
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={() =>
            setEditing({ id: null, draft: { opensOn: '', closesOn: '', classGroupIds: [], gradeIds: [] } })
          }
        >
          {t('instruments.windows.add')}
        </Button>
      </Group>
      <DataList<InstrumentWindow>
        label={t('instruments.windows.title')}
        records={windows.data?.items}
        fetching={windows.isFetching}
        emptyText={t('instruments.windows.empty')}
        columns={[
          { accessor: '_c0', title: t('instruments.windows.dates'), render: (w) => datesOf(w) },
          { accessor: 'academicYearName', title: t('instruments.windows.year') },
          {
            accessor: 'classGroups',
            title: t('instruments.windows.classes'),
            render: (w) => [...w.classGroups, ...w.grades].map((c) => c.name).join(', '),
          },
          {
            accessor: 'state',
            title: t('instruments.windows.state'),
            render: (w) => (
              <>
                <Badge color={STATE_COLOR[w.state]} variant="light">
                  {t(`instruments.windows.states.${w.state}`)}
                </Badge>
              </>
            ),
          },
          {
            accessor: 'submitted',
            title: t('instruments.windows.counts'),
            textAlign: 'right',
            render: (w) => (
              <>{t('instruments.windows.countsText', { submitted: w.submitted, inProgress: w.inProgress })}</>
            ),
          },
          {
            accessor: '_actions',
            title: t('instruments.windows.actions'),
            render: (w) => (
              <>
                <Group gap={4}>
                  <ActionIcon
                    variant="subtle"
                    aria-label={t('instruments.windows.editOne', { dates: datesOf(w) })}
                    onClick={() =>
                      setEditing({
                        id: w.id,
                        draft: {
                          opensOn: w.opensOn,
                          closesOn: w.closesOn,
                          classGroupIds: w.classGroups.map((c) => String(c.id)),
                          gradeIds: w.grades.map((g) => String(g.id)),
                        },
                      })
                    }
                  >
                    <IconPencil size={16} aria-hidden />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={t('instruments.windows.removeOne', { dates: datesOf(w) })}
                    onClick={() =>
                      confirmDialog({
                        title: t('instruments.windows.removeTitle'),
                        text: t('instruments.windows.removeText', { dates: datesOf(w) }),
                        confirm: t('instruments.windows.remove'),
                        destructive: true,
                        onConfirm: () =>
                          remove.mutate(w.id, {
                            onSuccess: () => notifyDone('deleted', t('instruments.windows.what')),
                            onError: notifyError,
                          }),
                      })
                    }
                  >
                    <IconTrash size={16} aria-hidden />
                  </ActionIcon>
                </Group>
              </>
            ),
          },
        ]}
      />
      {editing && (
        <WindowForm instrument={instrument} id={editing.id} initial={editing.draft} onClose={() => setEditing(null)} />
      )}
    </Stack>
  );
}

function WindowForm(props: { instrument: Instrument; id: number | null; initial: WindowDraft; onClose: () => void }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(props.initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const years = useAcademicYears();
  const activeYearId = years.data?.items.find((y) => y.isActive)?.id ?? null;
  const classes = useClassGroups({ unitId: props.instrument.unitId, academicYearId: activeYearId });
  const grades = useGrades(props.instrument.unitId);
  const save = useSaveWindow(props.instrument.id);
  const submit = () => {
    const body = {
      opensOn: draft.opensOn,
      closesOn: draft.closesOn,
      classGroupIds: draft.classGroupIds.map(Number),
      gradeIds: draft.gradeIds.map(Number),
    };
    const parsed = InstrumentWindowInput.safeParse(body);
    if (!parsed.success) return setErrors(issueErrors(parsed.error));
    save.mutate(
      { id: props.id, body: parsed.data },
      {
        onSuccess: () => {
          notifyDone('saved', t('instruments.windows.what'));
          props.onClose();
        },
        onError: notifyError,
      },
    );
  };
  return (
    <Modal
      opened
      onClose={props.onClose}
      title={props.id ? t('instruments.windows.edit') : t('instruments.windows.add')}
      size="lg"
    >
      <Stack>
        <Group grow>
          <DateField
            label={t('instruments.windows.opensOn')}
            value={draft.opensOn}
            onChange={(opensOn) => setDraft((d) => ({ ...d, opensOn }))}
            error={errors.opensOn}
            withAsterisk
          />
          <DateField
            label={t('instruments.windows.closesOn')}
            value={draft.closesOn}
            onChange={(closesOn) => setDraft((d) => ({ ...d, closesOn }))}
            error={errors.closesOn}
            withAsterisk
          />
        </Group>
        <MultiSelect
          label={t('instruments.windows.classes')}
          data={(classes.data?.items ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
          value={draft.classGroupIds}
          onChange={(classGroupIds) => setDraft((d) => ({ ...d, classGroupIds }))}
          error={errors.classGroupIds}
          searchable
        />
        <MultiSelect
          label={t('instruments.windows.grades')}
          data={(grades.data?.items ?? []).map((g) => ({ value: String(g.id), label: g.name }))}
          value={draft.gradeIds}
          onChange={(gradeIds) => setDraft((d) => ({ ...d, gradeIds }))}
          error={errors.gradeIds}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            {t('instruments.windows.cancel')}
          </Button>
          <Button color="green" onClick={submit} loading={save.isPending}>
            {t('instruments.windows.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
