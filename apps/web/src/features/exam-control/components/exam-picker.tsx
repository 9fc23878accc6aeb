import { Alert, Button, SegmentedControl, Stack, Text, VisuallyHidden } from '@mantine/core';
import { EXAM_KINDS, type ExamControlList, type ExamKind } from '@mms/shared';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DataList } from '../../../components/data-list/data-list.tsx';
import { dateText } from '../../../lib/display.ts';
import { errorText } from '../../../i18n/index.ts';
import { useControlList } from '../api.ts';
import { dayAndTime, idOf, kindOf } from '../control-model.ts';

/** The screen's choice, kept in the URL (`?kind=SUMMATIVE&assessment=12`) so a reload or a link keeps it. */
export function useControlChoice() {
  const [params, setParams] = useSearchParams();
  const kind = kindOf(params.get('kind'));
  const assessmentId = idOf(params.get('assessment'));
  const attemptId = idOf(params.get('attempt'));
  const set = (next: { kind?: ExamKind; assessment?: number | null; attempt?: number | null }) =>
    setParams(
      (prev) => {
        const p = new URLSearchParams(prev);
        const put = (key: string, value: string | number | null | undefined) => {
          if (value === undefined) return;
          if (value === null) p.delete(key);
          else p.set(key, String(value));
        };
        put('kind', next.kind);
        put('assessment', next.assessment);
        put('attempt', next.attempt);
        return p;
      },
      { replace: true },
    );
  return { kind, assessmentId, attemptId, set };
}

type Item = ExamControlList['items'][number];

function windowText(item: Item, t: TFunction): string {
  if (!item.opensAt) return item.durationMinutes ? t('examControl.duration', { n: item.durationMinutes }) : '–';
  const from = dayAndTime(item.opensAt);
  const to = item.closesAt ? dayAndTime(item.closesAt) : null;
  const fromText = `${dateText(from.date, 'short')} ${from.time}`;
  const toText = to ? (to.date === from.date ? to.time : `${dateText(to.date, 'short')} ${to.time}`) : '…';
  return t('examControl.windowText', { from: fromText, to: toText });
}

/**
 * The kind switch (Formatif / Sumatif) and today's assessments the server lets this person watch, each with its
 * classes, window and counts; "Pantau" chooses one.
 */
export function ExamPicker() {
  const { t } = useTranslation();
  const { kind, assessmentId, set } = useControlChoice();
  const list = useControlList(kind);
  const items = list.data?.items ?? [];
  return (
    <Stack gap="sm">
      <SegmentedControl
        aria-label={t('examControl.kind')}
        w={{ base: '100%', sm: 280 }}
        value={kind}
        onChange={(v) => set({ kind: kindOf(v), assessment: null, attempt: null })}
        data={EXAM_KINDS.map((k) => ({ value: k, label: t(`examControl.kinds.${k}`) }))}
      />
      {list.isError ? (
        <Alert color="red" title={t('examControl.listFailed')}>
          {errorText(list.error)}
        </Alert>
      ) : (
        <DataList<(typeof items)[number]>
          label={t('examControl.pickerLabel')}
          testId="control-exams"
          idAccessor="assessmentId"
          records={list.data ? items : undefined}
          fetching={list.isFetching}
          emptyText={t('examControl.pickerEmpty')}
          rowAttributes={(item) => ({ 'aria-current': item.assessmentId === assessmentId ? 'true' : undefined })}
          columns={[
            {
              accessor: 'title',
              title: t('examControl.title'),
              render: (item) => (
                <Text inherit fw={item.assessmentId === assessmentId ? 700 : undefined}>
                  {item.title}
                </Text>
              ),
            },
            { accessor: 'subjectName', title: t('examControl.subject') },
            { accessor: 'gradeName', title: t('examControl.grade') },
            { accessor: 'classNames', title: t('examControl.classes'), render: (item) => item.classNames.join(', ') },
            { accessor: 'window', title: t('examControl.window'), render: (item) => windowText(item, t) },
            {
              accessor: 'counts',
              title: t('examControl.counts'),
              textAlign: 'right',
              render: (item) => t('examControl.countsText', item),
            },
            {
              accessor: '_actions',
              title: <VisuallyHidden>{t('app.actions')}</VisuallyHidden>,
              textAlign: 'right',
              render: (item) => {
                const chosen = item.assessmentId === assessmentId;
                return (
                  <Button
                    size="compact-sm"
                    variant={chosen ? 'filled' : 'light'}
                    aria-pressed={chosen}
                    aria-label={t('examControl.chooseLabel', { title: item.title })}
                    onClick={() => set({ assessment: item.assessmentId, attempt: null })}
                  >
                    {chosen ? t('examControl.chosen') : t('examControl.choose')}
                  </Button>
                );
              },
            },
          ]}
        />
      )}
    </Stack>
  );
}
