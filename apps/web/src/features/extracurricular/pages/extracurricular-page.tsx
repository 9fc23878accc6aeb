import { Button, Modal, Paper, Text } from '@mantine/core';
import type { Extracurricular } from '@mms/shared';
import { IconPlus, IconUsers } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataList, type ListColumn } from '../../../components/data-list/data-list.tsx';
import { RowActions, rowActionsColumn } from '../../../components/data-list/row-actions.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { UnitSelect, useActiveYearId, useDefaultUnitId, YearSelect } from '../../../components/pickers.tsx';
import { userCan } from '../../../lib/permissions.ts';
import { useCurrentUser } from '../../../lib/session.ts';
import { FormModal } from '../../../lib/unsaved-changes.tsx';
import { KEY, useDeleteActivity } from '../api.ts';
import { ActivityForm } from '../components/activity-form.tsx';
import { MembersPanel } from '../components/members-panel.tsx';

/**
 * tutor/extracurricular (issue 40 §2): the activities of a unit and school year. WAKAKUR and ADMIN add, change and
 * delete them and pick their members; the coach (and WAKAKUR) grades the members per semester; a teacher sees the
 * activities they coach, the principal every one.
 */
export function ExtracurricularPage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const canManage = userCan(user, 'extracurricular.manage');
  const [unitId, setUnitId] = useState<number | null>(useDefaultUnitId());
  const activeYear = useActiveYearId();
  const [chosenYear, setYear] = useState<number | null>(null);
  const academicYearId = chosenYear ?? activeYear;
  const [editing, setEditing] = useState<Extracurricular | 'new' | null>(null);
  const [open, setOpen] = useState<Extracurricular | null>(null);
  const remove = useDeleteActivity();

  const columns = useMemo<ListColumn<Extracurricular>[]>(
    () => [
      { accessor: 'name', title: t('extracurricular.name') },
      { accessor: 'coachName', title: t('extracurricular.coach') },
      { accessor: 'schedule', title: t('extracurricular.schedule'), render: (a) => a.schedule ?? '–' },
      { accessor: 'memberCount', title: t('extracurricular.members'), textAlign: 'right' },
      rowActionsColumn<Extracurricular>((a) => (
        <RowActions
          name={a.name}
          actions={[{ label: t('extracurricular.open'), icon: <IconUsers size={16} />, onClick: () => setOpen(a) }]}
          edit={canManage ? () => setEditing(a) : undefined}
          remove={
            canManage
              ? {
                  title: t('extracurricular.deleteTitle'),
                  text: t('extracurricular.deleteText', { name: a.name }),
                  run: () => remove.mutateAsync(a.id),
                }
              : undefined
          }
        />
      )),
    ],
    [t, canManage, remove],
  );

  return (
    <Paper withBorder p={{ base: 'sm', sm: 'lg' }} radius="md">
      <PageTitle>{t('extracurricular.title')}</PageTitle>
      <Text c="dimmed" mb="md">
        {t('extracurricular.lead')}
      </Text>
      <DataList<Extracurricular>
        path={KEY}
        label={t('extracurricular.label')}
        searchLabel={t('extracurricular.search')}
        columns={columns}
        exportName={t('extracurricular.exportName')}
        filters={{ unitId, academicYearId }}
        filterControls={
          <>
            <UnitSelect value={unitId} onChange={setUnitId} />
            <YearSelect label={t('extracurricular.year')} value={academicYearId} onChange={setYear} />
          </>
        }
        actions={
          canManage && (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
              {t('extracurricular.add')}
            </Button>
          )
        }
      />
      <FormModal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? t('extracurricular.add') : t('extracurricular.edit')}
      >
        {editing !== null && (
          <ActivityForm
            activity={editing === 'new' ? undefined : editing}
            scope={{ unitId, academicYearId }}
            onDone={() => setEditing(null)}
          />
        )}
      </FormModal>
      <Modal
        opened={open !== null}
        onClose={() => setOpen(null)}
        title={open ? t('extracurricular.membersTitle', { name: open.name }) : ''}
        size="xl"
        closeButtonProps={{ 'aria-label': t('dialog.close') }}
      >
        {open && <MembersPanel activity={open} canManage={canManage} />}
      </Modal>
    </Paper>
  );
}
