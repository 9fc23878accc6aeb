import {
  Badge,
  Button,
  Group,
  Modal,
  NumberInput,
  Pagination,
  Paper,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import type { BtqPromotion, BtqTestInput } from '@mms/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ExportButton } from '../../../components/data-list/export-button.tsx';
import { downloadClientXlsx } from '../../../components/data-list/export-xlsx.ts';
import { PrintButton, PrintedPaper, printClasses } from '../../../components/print/printed-paper.tsx';
import { confirmDialog } from '../../../lib/dialogs.tsx';
import { useCurrentUser } from '../../../lib/session.ts';
import { notifyDone, notifyError } from '../../../lib/notify.ts';
import { useDecide, usePromotions, useRecordTest } from '../api.ts';
import '../../../i18n/list/index.ts';

function TestModal({ promotion, onClose }: { promotion: BtqPromotion | null; onClose: () => void }) {
  const { t } = useTranslation();
  const record = useRecordTest();
  const [form, setForm] = useState<{
    testKind: BtqTestInput['testKind'];
    result: BtqTestInput['result'] | null;
    score: number | '';
    note: string;
  }>({
    testKind: 'MUNAQOSYAH',
    result: null,
    score: '',
    note: '',
  });
  const submit = () => {
    if (!promotion || !form.result || form.score === '') return;
    record.mutate(
      {
        id: promotion.id,
        body: { testKind: form.testKind, result: form.result, score: form.score, note: form.note || null },
      },
      {
        onSuccess: () => {
          notifyDone('saved');
          onClose();
        },
        onError: notifyError,
      },
    );
  };
  return (
    <Modal
      opened={promotion !== null}
      onClose={onClose}
      title={promotion ? t('btqProgress.promotion.testTitle', { name: promotion.studentName }) : ''}
    >
      <Stack gap="sm">
        <Select
          label={t('btqProgress.promotion.testKind')}
          data={(['MUNAQOSYAH', 'TASHIH'] as const).map((k) => ({ value: k, label: t(`btqProgress.testKinds.${k}`) }))}
          value={form.testKind}
          allowDeselect={false}
          onChange={(v) => v && setForm({ ...form, testKind: v as BtqTestInput['testKind'] })}
        />
        <Select
          label={t('btqProgress.promotion.result')}
          data={(['LULUS', 'TIDAK_LULUS'] as const).map((k) => ({ value: k, label: t(`btqProgress.results.${k}`) }))}
          value={form.result}
          onChange={(v) => setForm({ ...form, result: v as BtqTestInput['result'] | null })}
          required
        />
        <NumberInput
          label={t('btqProgress.score')}
          min={0}
          max={100}
          value={form.score}
          onChange={(v) => setForm({ ...form, score: typeof v === 'number' ? v : '' })}
          required
        />
        <TextInput
          label={t('btqProgress.note')}
          value={form.note}
          onChange={(e) => setForm({ ...form, note: e.currentTarget.value })}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('btqProgress.promotion.cancel')}
          </Button>
          <Button onClick={submit} loading={record.isPending} disabled={!form.result || form.score === ''}>
            {t('btqProgress.promotion.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function PromotionTable(p: {
  label: string;
  items: BtqPromotion[];
  actions?: (item: BtqPromotion) => React.ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="sm" radius="md">
      <Title order={2} fz="h4" mb="xs">
        {p.label}
      </Title>
      {p.items.length === 0 ? (
        <Text>{t('btqProgress.empty')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table striped aria-label={p.label}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('btqProgress.student')}</Table.Th>
                <Table.Th>{t('btqProgress.promotion.from')}</Table.Th>
                <Table.Th>{t('btqProgress.promotion.to')}</Table.Th>
                <Table.Th>{t('btqProgress.promotion.proposer')}</Table.Th>
                <Table.Th>{t('btqProgress.promotion.result')}</Table.Th>
                <Table.Th>{t('btqProgress.promotion.status')}</Table.Th>
                {p.actions && <Table.Th>{t('btqProgress.promotion.actions')}</Table.Th>}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {p.items.map((item) => (
                <Table.Tr key={item.id}>
                  <Table.Td>{item.studentName}</Table.Td>
                  <Table.Td>{item.fromLevel}</Table.Td>
                  <Table.Td>{item.toLevel}</Table.Td>
                  <Table.Td>{item.proposedBy ?? '–'}</Table.Td>
                  <Table.Td>
                    {item.testResult
                      ? `${t(`btqProgress.results.${item.testResult}`)} (${item.testScore}) · ${item.tester ?? ''}`
                      : '–'}
                  </Table.Td>
                  <Table.Td>
                    <Badge variant="light">{t(`btqProgress.statuses.${item.status}`)}</Badge>
                  </Table.Td>
                  {p.actions && <Table.Td>{p.actions(item)}</Table.Td>}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Paper>
  );
}

const DECIDED_PAGE_SIZE = 20;

/**
 * Promotion and munaqosyah: proposals waiting for a test (by another ustadz) and for the coordinator's decision,
 * and the decided ones (paged); a search by student or level, Excel of what the search shows, print on the letterhead.
 */
export function BtqPromotionPage() {
  const { t } = useTranslation();
  const list = usePromotions();
  const decide = useDecide();
  const unitId = useCurrentUser().unit?.id ?? null;
  const [testing, setTesting] = useState<BtqPromotion | null>(null);
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const needle = q.trim().toLowerCase();
  const items = (list.data?.items ?? []).filter(
    (i) => !needle || [i.studentName, i.fromLevel, i.toLevel].some((v) => v.toLowerCase().includes(needle)),
  );
  const decided = items.filter((i) => i.status === 'APPROVED' || i.status === 'REJECTED');
  const pages = Math.max(1, Math.ceil(decided.length / DECIDED_PAGE_SIZE));
  const shownPage = Math.min(page, pages);
  const exportRows = () =>
    downloadClientXlsx(
      {
        title: t('btqProgress.promotion.title'),
        filters: needle ? [[t('btqProgress.promotion.search'), q.trim()]] : [],
      },
      [
        { title: t('btqProgress.student'), value: (i: BtqPromotion) => i.studentName },
        { title: t('btqProgress.promotion.from'), value: (i) => i.fromLevel },
        { title: t('btqProgress.promotion.to'), value: (i) => i.toLevel },
        { title: t('btqProgress.promotion.proposer'), value: (i) => i.proposedBy },
        { title: t('btqProgress.promotion.tester'), value: (i) => i.tester },
        {
          title: t('btqProgress.promotion.result'),
          value: (i) => (i.testResult ? t(`btqProgress.results.${i.testResult}`) : null),
        },
        { title: t('btqProgress.promotion.score'), value: (i) => i.testScore },
        { title: t('btqProgress.promotion.status'), value: (i) => t(`btqProgress.statuses.${i.status}`) },
        { title: t('btqProgress.promotion.decisionNote'), value: (i) => i.decisionNote },
      ],
      items,
      'kenaikan-jilid.xlsx',
    );
  const run = (item: BtqPromotion, decision: 'APPROVED' | 'REJECTED') =>
    confirmDialog({
      title: decision === 'APPROVED' ? t('btqProgress.promotion.approve') : t('btqProgress.promotion.reject'),
      text:
        decision === 'APPROVED'
          ? t('btqProgress.promotion.approveConfirm', { name: item.studentName, level: item.toLevel })
          : t('btqProgress.promotion.rejectConfirm', { name: item.studentName }),
      confirm: decision === 'APPROVED' ? t('btqProgress.promotion.approve') : t('btqProgress.promotion.reject'),
      destructive: decision === 'REJECTED',
      onConfirm: () =>
        decide.mutate(
          { id: item.id, body: { decision } },
          { onSuccess: () => notifyDone('saved'), onError: notifyError },
        ),
    });
  return (
    <PrintedPaper
      unitId={unitId}
      title={t('btqProgress.promotion.title')}
      signed={items.length > 0}
      actions={
        <>
          <PrintButton />
          <ExportButton label={t('btqProgress.promotion.export')} onExport={exportRows} />
        </>
      }
      controls={
        <TextInput
          label={t('btqProgress.promotion.search')}
          value={q}
          onChange={(e) => (setQ(e.currentTarget.value), setPage(1))}
          w={{ base: '100%', xs: 280 }}
          mb="sm"
        />
      }
    >
      {!list.data ? (
        <Skeleton height={240} />
      ) : (
        <Stack gap="md" mt="sm">
          <PromotionTable
            label={t('btqProgress.promotion.waitingTest')}
            items={items.filter((i) => i.status === 'PROPOSED')}
            actions={(item) => (
              <Button
                size="xs"
                onClick={() => setTesting(item)}
                aria-label={`${t('btqProgress.promotion.recordTest')} ${item.studentName}`}
              >
                {t('btqProgress.promotion.recordTest')}
              </Button>
            )}
          />
          <PromotionTable
            label={t('btqProgress.promotion.waitingDecision')}
            items={items.filter((i) => i.status === 'TESTED')}
            actions={
              list.data.canDecide
                ? (item) => (
                    <Group gap="xs" wrap="nowrap">
                      <Button
                        size="xs"
                        color="green"
                        disabled={item.testResult !== 'LULUS'}
                        onClick={() => run(item, 'APPROVED')}
                        aria-label={`${t('btqProgress.promotion.approve')} ${item.studentName}`}
                      >
                        {t('btqProgress.promotion.approve')}
                      </Button>
                      <Button
                        size="xs"
                        color="red"
                        variant="light"
                        onClick={() => run(item, 'REJECTED')}
                        aria-label={`${t('btqProgress.promotion.reject')} ${item.studentName}`}
                      >
                        {t('btqProgress.promotion.reject')}
                      </Button>
                    </Group>
                  )
                : undefined
            }
          />
          <PromotionTable
            label={t('btqProgress.promotion.decided')}
            items={decided.slice((shownPage - 1) * DECIDED_PAGE_SIZE, shownPage * DECIDED_PAGE_SIZE)}
          />
          {pages > 1 && (
            <Pagination
              className={printClasses.noPrint}
              total={pages}
              value={shownPage}
              onChange={setPage}
              getControlProps={(control) => ({ 'aria-label': t(`list.pageControl.${control}`) })}
            />
          )}
        </Stack>
      )}
      <TestModal key={testing?.id ?? 0} promotion={testing} onClose={() => setTesting(null)} />
    </PrintedPaper>
  );
}
