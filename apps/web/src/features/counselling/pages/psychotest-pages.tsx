import { Alert, Button, Divider, Select, Stack } from '@mantine/core';
import { ALL_UNIT_DIVISIONS, type PsychotestInstrument, type PsychotestSummary } from '@mms/shared';
import { IconPlus } from '@tabler/icons-react';
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
import { PSYCHOTESTS_PATH, useDeletePsychotest, usePsychotest, useSavePsychotest } from '../api.ts';
import { showServerErrors } from '../components/form-errors.ts';
import { instrumentOptions, instrumentText } from '../components/labels.ts';
import { PsychotestFile } from '../components/psychotest-file.tsx';
import { PsychotestForm } from '../components/psychotest-form.tsx';
import { Loaded, useMayWrite, WriterPage } from '../components/writer-page.tsx';

/** bpbk/psychotest-input: a new psychological test result; the file is added on its edit page. */
export function PsychotestInputPage() {
  const { t } = useTranslation();
  const save = useSavePsychotest(null);
  const navigate = useNavigate();
  return (
    <WriterPage title={t('counselling.psyInputTitle')}>
      <Stack>
        <Alert color="blue">{t('counselling.attachmentHint')}</Alert>
        <PsychotestForm
          saving={save.isPending}
          onSubmit={(body, form) =>
            save.mutate(body, {
              onSuccess: (r) => {
                notifyDone('saved');
                void navigate(generatePath(ROUTES['bpbk-psychotest-edit'], { id: String(r.id) }));
              },
              onError: (e) => showServerErrors(form, e),
            })
          }
        />
      </Stack>
    </WriterPage>
  );
}

/** bpbk/psychotest-edit/:id: change a result and its file (loading it is an audited read). */
export function PsychotestEditPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const mayWrite = useMayWrite();
  const result = usePsychotest(mayWrite && id ? id : null);
  const save = useSavePsychotest(id);
  return (
    <WriterPage title={t('counselling.psyEditTitle')} backTo={ROUTES['bpbk-psychotest-list']}>
      <Loaded query={result}>
        {(data) => (
          <Stack>
            <PsychotestForm
              key={data.id}
              result={data}
              saving={save.isPending}
              onSubmit={(body, form) =>
                save.mutate(body, {
                  onSuccess: () => notifyDone('saved'),
                  onError: (e) => showServerErrors(form, e),
                })
              }
            />
            <Divider />
            <PsychotestFile result={data} onChanged={() => void result.refetch()} />
          </Stack>
        )}
      </Loaded>
    </WriterPage>
  );
}

/** bpbk/psychotest-list: the unit's results (metadata only), filters, Excel and print. */
export function PsychotestListPage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const allUnits = ALL_UNIT_DIVISIONS.includes(user.division);
  const ownUnit = useDefaultUnitId();
  const [unitId, setUnitId] = useState<number | null>(allUnits ? null : ownUnit);
  const [classGroupId, setClassGroupId] = useState<number | null>(null);
  const [instrument, setInstrument] = useState<string | null>(null);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const remove = useDeletePsychotest();
  const mayWrite = useMayWrite();

  const columns = useMemo<ListColumn<PsychotestSummary>[]>(
    () => [
      { accessor: 'date', title: t('counselling.date'), render: (r) => dateText(r.date, 'short') },
      { accessor: 'nis', title: 'NIS' },
      { accessor: 'studentName', title: t('counselling.student') },
      { accessor: 'className', title: t('counselling.class') },
      { accessor: 'instrument', title: t('counselling.instrument'), render: (r) => instrumentText(r.instrument) },
      { accessor: 'testName', title: t('counselling.testName') },
      { accessor: 'provider', title: t('counselling.provider') },
      {
        accessor: 'sharedWithStudent',
        title: t('counselling.shared'),
        render: (r) => (r.sharedWithStudent ? t('counselling.sharedYes') : t('counselling.sharedNo')),
      },
      {
        accessor: 'hasAttachment',
        title: t('counselling.hasAttachment'),
        render: (r) => (r.hasAttachment ? t('counselling.sharedYes') : t('counselling.sharedNo')),
      },
      rowActionsColumn<PsychotestSummary>((r) => (
        <RowActions
          name={`${r.testName} ${r.studentName}`}
          edit={mayWrite ? generatePath(ROUTES['bpbk-psychotest-edit'], { id: String(r.id) }) : undefined}
          remove={
            mayWrite
              ? {
                  title: t('counselling.psyDeleteTitle'),
                  text: t('counselling.psyDeleteText', { test: r.testName, student: r.studentName }),
                  run: () => remove.mutateAsync(r.id),
                }
              : undefined
          }
        />
      )),
    ],
    [t, mayWrite, remove],
  );

  return (
    <PrintedPaper unitId={unitId} title={t('counselling.psyListTitle')} actions={<PrintButton />} signed={false}>
      <DataList<PsychotestSummary>
        path={PSYCHOTESTS_PATH}
        label={t('counselling.psyListLabel')}
        columns={columns}
        searchLabel={t('counselling.searchLabel')}
        exportName="tes-psikologi"
        serverExport
        filters={{ unitId, classGroupId, instrument: instrument as PsychotestInstrument | null, from, to }}
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
            <Select
              label={t('counselling.instrument')}
              placeholder={t('counselling.allInstruments')}
              data={instrumentOptions()}
              value={instrument}
              onChange={setInstrument}
              clearable
              w={{ base: '100%', sm: 180 }}
            />
            <DateField label={t('counselling.from')} value={from} onChange={setFrom} clearable />
            <DateField label={t('counselling.to')} value={to} onChange={setTo} clearable />
          </>
        }
        actions={
          mayWrite && (
            <Button component={Link} to={ROUTES['bpbk-psychotest-input']} leftSection={<IconPlus size={16} />}>
              {t('counselling.psyAdd')}
            </Button>
          )
        }
      />
    </PrintedPaper>
  );
}
