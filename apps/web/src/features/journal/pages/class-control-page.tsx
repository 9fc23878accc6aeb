import { Badge, Button, Group, NumberInput, Paper, Stack, Switch, Textarea, Title } from '@mantine/core';
import { ClassControlInput, type ClassControlVisit } from '@mms/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataList, type ListColumn } from '../../../components/data-list/data-list.tsx';
import { useContractForm } from '../../../lib/contract-form.ts';
import { notifyDone } from '../../../lib/notify.ts';
import { useDeleteVisit, useRecordVisit } from '../api.ts';
import { ClassSelect, DateInputs } from '../components/filters.tsx';
import { serverToday } from '../../../lib/clock.ts';
import { DateField } from '../../../components/date-fields.tsx';
import { dateText } from '../../../lib/display.ts';
import { RowActions, rowActionsColumn } from '../../../components/data-list/row-actions.tsx';

/** The principal's class control: record a visit to a lesson (was the teacher in class?) and list the visits. */
export function ClassControlPage() {
  const { t } = useTranslation();
  const today = serverToday();
  const record = useRecordVisit();
  const remove = useDeleteVisit();
  const visit = useContractForm(
    ClassControlInput,
    { classGroupId: null as number | null, date: today, period: 1, teacherPresent: true, notes: '' },
    { prepare: (v) => ({ ...v, notes: v.notes.trim() || null }) },
  );
  const v = visit.values;
  const [from, setFrom] = useState(`${today.slice(0, 7)}-01`);
  const [to, setTo] = useState(today);
  const [classGroupId, setClassGroupId] = useState<number | null>(null);
  const submit = visit.submit(async (body) => {
    await record.mutateAsync(body);
    // the next visit is often the same class and lesson: only the notes start again
    visit.form.setValue('notes', '');
    notifyDone('saved');
  });
  const columns: ListColumn<ClassControlVisit>[] = [
    { accessor: 'date', title: t('att.date') },
    { accessor: 'period', title: t('journal.lesson'), render: (r) => t('journal.period', { period: r.period }) },
    { accessor: 'className', title: t('att.class') },
    {
      accessor: 'teacherPresent',
      title: t('journal.control.teacherPresent'),
      render: (r) => (
        <Badge color={r.teacherPresent ? 'green' : 'red'} variant="light">
          {r.teacherPresent ? t('journal.control.yes') : t('journal.control.no')}
        </Badge>
      ),
    },
    { accessor: 'notes', title: t('journal.notes') },
    { accessor: 'principalName', title: t('journal.control.by') },
    rowActionsColumn<ClassControlVisit>((r) => (
      <RowActions
        name={`${r.className} ${dateText(r.date)}`}
        remove={{
          title: t('journal.material.delete'),
          text: t('journal.control.deleteConfirm', { className: r.className, date: dateText(r.date) }),
          run: () => remove.mutateAsync(r.id),
        }}
      />
    )),
  ];
  return (
    <Stack gap="md">
      <Title order={1} fz="h3">
        {t('journal.control.title')}
      </Title>
      <Paper withBorder p="md" radius="md">
        <Stack gap="sm">
          <Group gap="sm" align="flex-end" wrap="wrap">
            <ClassSelect {...visit.field('classGroupId')} />
            <DateField
              label={t('att.date')}
              max={today}
              {...visit.field('date')}
              onChange={(d) => d && visit.field('date').onChange(d)}
            />
            <NumberInput
              label={t('journal.control.period')}
              min={1}
              max={16}
              {...visit.field('period')}
              onChange={(x) => visit.field('period').onChange(typeof x === 'number' ? x : 1)}
              w={{ base: '100%', xs: 120 }}
            />
            <Switch label={t('journal.control.teacherPresent')} {...visit.check('teacherPresent')} pb={8} />
          </Group>
          <Textarea label={t('journal.notes')} autosize minRows={2} {...visit.field('notes')} />
          <Group>
            <Button color="green" loading={record.isPending} onClick={() => void submit()} disabled={!v.classGroupId}>
              {t('journal.control.save')}
            </Button>
          </Group>
        </Stack>
      </Paper>
      <DataList<ClassControlVisit>
        path="/class-control"
        label={t('journal.control.title')}
        columns={columns}
        filters={{ from, to, classGroupId }}
        exportName="kontrol-kelas"
        filterControls={
          <>
            <DateInputs from={from} to={to} setFrom={setFrom} setTo={setTo} />
            <ClassSelect value={classGroupId} onChange={setClassGroupId} />
          </>
        }
      />
    </Stack>
  );
}
