import { Alert, Badge, Button, Select } from '@mantine/core';
import {
  ALL_UNIT_DIVISIONS,
  type CounsellingKind,
  type CounsellingNoteSummary,
  type CounsellingStatus,
  type CounsellingTopic,
} from '@mms/shared';
import { IconEye, IconPlus } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { generatePath, Link, useNavigate, useParams } from 'react-router';
import { ROUTES } from '../../../lib/route-names.ts';
import { DataList, type ListColumn } from '../../../components/data-list/data-list.tsx';
import { RowActions, rowActionsColumn } from '../../../components/data-list/row-actions.tsx';
import { DateField } from '../../../components/date-fields.tsx';
import { ClassSelect, UnitSelect, useDefaultUnitId } from '../../../components/pickers.tsx';
import { PrintButton, PrintedPaper } from '../../../components/print/printed-paper.tsx';
import { dateText } from '../../../lib/display.ts';
import { notifyDone } from '../../../lib/notify.ts';
import { useCurrentUser } from '../../../lib/session.ts';
import { NOTES_PATH, useDeleteNote, useNote, useSaveNote } from '../api.ts';
import { showServerErrors } from '../components/form-errors.ts';
import {
  kindOptions,
  kindText,
  STATUS_COLORS,
  statusOptions,
  statusText,
  topicOptions,
  topicText,
} from '../components/labels.ts';
import { NoteDetailModal } from '../components/note-detail.tsx';
import { NoteForm } from '../components/note-form.tsx';
import { Loaded, useMayWrite, WriterPage } from '../components/writer-page.tsx';
import { userCan } from '../../../lib/permissions.ts';

/** bpbk/counselling-input: a new counselling note. */
export function CounsellingInputPage() {
  const { t } = useTranslation();
  const save = useSaveNote(null);
  const navigate = useNavigate();
  return (
    <WriterPage title={t('counselling.inputTitle')}>
      <NoteForm
        saving={save.isPending}
        onSubmit={(body, form) =>
          save.mutate(body, {
            onSuccess: () => {
              notifyDone('saved');
              void navigate(ROUTES['bpbk-counselling-list']);
            },
            onError: (e) => showServerErrors(form, e),
          })
        }
      />
    </WriterPage>
  );
}

/** bpbk/counselling-edit/:id: change a note (loading it is an audited read of its content). */
export function CounsellingEditPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const mayWrite = useMayWrite();
  const note = useNote(mayWrite && id ? id : null);
  const save = useSaveNote(id);
  return (
    <WriterPage title={t('counselling.editTitle')} backTo={ROUTES['bpbk-counselling-list']}>
      <Loaded query={note}>
        {(data) => (
          <NoteForm
            key={data.id}
            note={data}
            saving={save.isPending}
            onSubmit={(body, form) =>
              save.mutate(body, {
                onSuccess: () => notifyDone('saved'),
                onError: (e) => showServerErrors(form, e),
              })
            }
          />
        )}
      </Loaded>
    </WriterPage>
  );
}

const studentsText = (n: CounsellingNoteSummary) => n.students.map((s) => s.name).join(', ');

/** bpbk/counselling-list: the notes of the unit (metadata), filters, Excel (no content) and print. */
export function CounsellingListPage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const allUnits = ALL_UNIT_DIVISIONS.includes(user.division);
  const ownUnit = useDefaultUnitId();
  const [unitId, setUnitId] = useState<number | null>(allUnits ? null : ownUnit);
  const [classGroupId, setClassGroupId] = useState<number | null>(null);
  const [kind, setKind] = useState<string | null>(null);
  const [topic, setTopic] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [reading, setReading] = useState<number | null>(null);
  const remove = useDeleteNote();
  const mayWrite = useMayWrite();
  const mayRead = userCan(user, 'counselling.confidential');

  const columns = useMemo<ListColumn<CounsellingNoteSummary>[]>(
    () => [
      { accessor: 'date', title: t('counselling.date'), sortable: true, render: (n) => dateText(n.date, 'short') },
      { accessor: 'students', title: t('counselling.students'), render: studentsText, exportValue: studentsText },
      {
        accessor: 'class',
        title: t('counselling.class'),
        render: (n) => [...new Set(n.students.map((s) => s.className).filter(Boolean))].join(', '),
      },
      { accessor: 'kind', title: t('counselling.kind'), render: (n) => kindText(n.kind) },
      { accessor: 'topic', title: t('counselling.topic'), render: (n) => topicText(n.topic) },
      {
        accessor: 'status',
        title: t('counselling.status'),
        render: (n) => <Badge color={STATUS_COLORS[n.status]}>{statusText(n.status)}</Badge>,
        exportValue: (n) => statusText(n.status),
      },
      {
        accessor: 'followUpDate',
        title: t('counselling.followUpDate'),
        render: (n) => dateText(n.followUpDate, 'short'),
      },
      { accessor: 'counsellorName', title: t('counselling.counsellor') },
      {
        accessor: 'sharedWithStudent',
        title: t('counselling.shared'),
        render: (n) => (n.sharedWithStudent ? t('counselling.sharedYes') : t('counselling.sharedNo')),
      },
      rowActionsColumn<CounsellingNoteSummary>((n) => (
        <RowActions
          name={`${dateText(n.date, 'short')} ${studentsText(n)}`}
          actions={
            mayRead
              ? [
                  {
                    label: t('counselling.view'),
                    icon: <IconEye size={18} aria-hidden />,
                    onClick: () => setReading(n.id),
                  },
                ]
              : []
          }
          edit={mayWrite ? generatePath(ROUTES['bpbk-counselling-edit'], { id: String(n.id) }) : undefined}
          remove={
            mayWrite
              ? {
                  title: t('counselling.deleteTitle'),
                  text: t('counselling.deleteText', { date: dateText(n.date), students: studentsText(n) }),
                  run: () => remove.mutateAsync(n.id),
                }
              : undefined
          }
        />
      )),
    ],
    [t, mayRead, mayWrite, remove],
  );

  const choose = (
    label: string,
    all: string,
    data: { value: string; label: string }[],
    value: string | null,
    set: (v: string | null) => void,
  ) => (
    <Select
      label={label}
      placeholder={all}
      data={data}
      value={value}
      onChange={set}
      clearable
      w={{ base: '100%', sm: 180 }}
    />
  );

  return (
    <PrintedPaper unitId={unitId} title={t('counselling.listTitle')} actions={<PrintButton />} signed={false}>
      {!mayRead && (
        <Alert color="blue" mb="sm">
          {t('counselling.noContentRight')}
        </Alert>
      )}
      <DataList<CounsellingNoteSummary>
        path={NOTES_PATH}
        label={t('counselling.listLabel')}
        columns={columns}
        searchLabel={t('counselling.searchLabel')}
        exportName="catatan-konseling"
        serverExport
        filters={{
          unitId,
          classGroupId,
          kind: kind as CounsellingKind | null,
          topic: topic as CounsellingTopic | null,
          status: status as CounsellingStatus | null,
          from,
          to,
        }}
        filterControls={
          <>
            {allUnits && (
              <UnitSelect
                value={unitId}
                onChange={(v) => {
                  setUnitId(v);
                  setClassGroupId(null);
                }}
              />
            )}
            <ClassSelect value={classGroupId} onChange={setClassGroupId} unitId={unitId} clearable />
            {choose(t('counselling.kind'), t('counselling.allKinds'), kindOptions(), kind, setKind)}
            {choose(t('counselling.topic'), t('counselling.allTopics'), topicOptions(), topic, setTopic)}
            {choose(t('counselling.status'), t('counselling.allStatuses'), statusOptions(), status, setStatus)}
            <DateField label={t('counselling.from')} value={from} onChange={setFrom} clearable />
            <DateField label={t('counselling.to')} value={to} onChange={setTo} clearable />
          </>
        }
        actions={
          mayWrite && (
            <Button component={Link} to={ROUTES['bpbk-counselling-input']} leftSection={<IconPlus size={16} />}>
              {t('counselling.add')}
            </Button>
          )
        }
      />
      <NoteDetailModal id={reading} onClose={() => setReading(null)} />
    </PrintedPaper>
  );
}
