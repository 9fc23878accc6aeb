import { Alert, Badge, Button, Group, Modal, Skeleton, Stack, Table, Text, Textarea, Title } from '@mantine/core';
import {
  formatRupiah,
  longMonth,
  type BisyarohMonth,
  type BisyarohSlipSummary,
  type MissingJournal,
} from '@mms/shared';
import { IconCalculator, IconCash, IconLock } from '@tabler/icons-react';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MonthField } from '../../../components/date-fields.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { UnitSelect, useDefaultUnitId } from '../../../components/pickers.tsx';
import { errorText } from '../../../i18n/index.ts';
import { serverToday } from '../../../lib/clock.ts';
import { confirmDialog } from '../../../lib/dialogs.tsx';
import { dateText } from '../../../lib/display.ts';
import { notifyDone, notifyError } from '../../../lib/notify.ts';
import { ROUTES } from '../../../lib/route-names.ts';
import {
  useAdjust,
  useApproveMissing,
  useCompute,
  useCorrect,
  useLock,
  useMissingJournals,
  useMonthFound,
  usePay,
} from '../api.ts';
import { LineDialog } from '../components/line-dialog.tsx';
import { PayDialog } from '../components/pay-dialog.tsx';
import { SlipLines } from '../components/slip-lines.tsx';

type Dialog =
  | { kind: 'adjust' | 'correct'; slip: BisyarohSlipSummary }
  | { kind: 'approve'; lesson: MissingJournal }
  | { kind: 'pay' }
  | null;

function MissingJournals({ month, onApprove }: { month: BisyarohMonth; onApprove: (m: MissingJournal) => void }) {
  const { t } = useTranslation();
  const missing = useMissingJournals(month.id);
  return (
    <Stack gap="xs" mt="lg">
      <Title order={2} fz="h4">
        {t('bisyaroh.process.missing')}
      </Title>
      <Text size="sm">{t('bisyaroh.process.missingHint')}</Text>
      {missing.isPending && <Skeleton height={80} />}
      {missing.isError && <Alert color="red">{errorText(missing.error)}</Alert>}
      {missing.data?.items.length === 0 && <Text>{t('bisyaroh.process.noMissing')}</Text>}
      {!!missing.data?.items.length && (
        <Table.ScrollContainer minWidth={600}>
          <Table striped withTableBorder aria-label={t('bisyaroh.process.missing')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('bisyaroh.process.date')}</Table.Th>
                <Table.Th>{t('bisyaroh.process.period')}</Table.Th>
                <Table.Th>{t('bisyaroh.common.employee')}</Table.Th>
                <Table.Th>{t('bisyaroh.process.class')}</Table.Th>
                <Table.Th>{t('bisyaroh.process.subject')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {missing.data.items.map((m) => (
                <Table.Tr key={`${m.timetableSlotId}:${m.date}`}>
                  <Table.Td>{dateText(m.date, 'short')}</Table.Td>
                  <Table.Td>{m.period}</Table.Td>
                  <Table.Td>{m.employeeName}</Table.Td>
                  <Table.Td>{m.className}</Table.Td>
                  <Table.Td>{m.subjectName}</Table.Td>
                  <Table.Td>
                    {m.approved ? (
                      <Badge color="green" variant="light" title={m.reason ?? undefined}>
                        {t('bisyaroh.process.approved')}
                      </Badge>
                    ) : (
                      month.status === 'OPEN' && (
                        <Button size="xs" variant="default" onClick={() => onApprove(m)}>
                          {t('bisyaroh.process.approve')}
                        </Button>
                      )
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}

/** principal/bisyaroh-process: compute a unit's month, review and adjust, approve missing journals, lock, pay. */
export function ProcessPage() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'id';
  const [unitId, setUnitId] = useState<number | null>(useDefaultUnitId());
  const [month, setMonth] = useState(serverToday().slice(0, 7));
  const [openSlip, setOpenSlip] = useState<number | null>(null);
  const [dialog, setDialog] = useState<Dialog>(null);
  const found = useMonthFound(unitId, month);
  const compute = useCompute();
  const lock = useLock();
  const adjust = useAdjust();
  const correct = useCorrect();
  const approve = useApproveMissing();
  const pay = usePay();
  const m = found.data?.month ?? null;
  const unit = unitId === null ? {} : { unitId };
  const done = () => {
    notifyDone('saved');
    setDialog(null);
  };

  return (
    <>
      <PageTitle>{t('bisyaroh.process.title')}</PageTitle>
      <Group align="flex-end" mb="md">
        <UnitSelect value={unitId} onChange={setUnitId} />
        <MonthField label={t('bisyaroh.common.month')} value={month} onChange={setMonth} />
        <Button
          leftSection={<IconCalculator size={16} aria-hidden />}
          disabled={unitId === null || m?.status === 'LOCKED'}
          loading={compute.isPending}
          onClick={() =>
            compute.mutate({ ...unit, month }, { onSuccess: () => notifyDone('saved'), onError: notifyError })
          }
        >
          {m ? t('bisyaroh.process.recompute') : t('bisyaroh.process.compute')}
        </Button>
        {m?.status === 'OPEN' && (
          <Button
            color="red"
            leftSection={<IconLock size={16} aria-hidden />}
            onClick={() =>
              confirmDialog({
                title: t('bisyaroh.process.lockTitle', { month: longMonth(month, lang) }),
                text: t('bisyaroh.process.lockText'),
                confirm: t('bisyaroh.process.lock'),
                destructive: true,
                onConfirm: () => lock.mutate(m.id, { onSuccess: () => notifyDone('saved'), onError: notifyError }),
              })
            }
          >
            {t('bisyaroh.process.lock')}
          </Button>
        )}
        {m?.status === 'LOCKED' && m.voucherId === null && (
          <Button leftSection={<IconCash size={16} aria-hidden />} onClick={() => setDialog({ kind: 'pay' })}>
            {t('bisyaroh.process.pay')}
          </Button>
        )}
      </Group>
      {unitId === null && <Alert color="blue">{t('bisyaroh.common.pickUnit')}</Alert>}
      {unitId !== null && found.isPending && <Skeleton height={200} />}
      {found.isError && <Alert color="red">{errorText(found.error)}</Alert>}
      {found.data && !m && <Alert color="blue">{t('bisyaroh.process.notComputed')}</Alert>}
      {m && (
        <>
          <Group gap="sm" mb="sm">
            <Badge color={m.status === 'LOCKED' ? 'gray' : 'blue'} variant="light">
              {t(`bisyaroh.common.${m.status}`)}
            </Badge>
            {m.voucherNumber && (
              <Badge color="green" variant="light">
                {t('bisyaroh.process.paidWith', { number: m.voucherNumber })}
              </Badge>
            )}
            <Text fw={700} data-testid="month-total">{`${t('bisyaroh.common.total')}: ${formatRupiah(m.total)}`}</Text>
          </Group>
          <Table.ScrollContainer minWidth={700}>
            <Table striped withTableBorder aria-label={t('bisyaroh.process.title')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('bisyaroh.common.employee')}</Table.Th>
                  <Table.Th>{t('bisyaroh.common.position')}</Table.Th>
                  <Table.Th ta="right">{t('bisyaroh.common.total')}</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {m.slips.map((s) => (
                  <Fragment key={s.id}>
                    <Table.Tr>
                      <Table.Td>{s.employeeName}</Table.Td>
                      <Table.Td>{s.position ?? '–'}</Table.Td>
                      <Table.Td ta="right">{formatRupiah(s.total)}</Table.Td>
                      <Table.Td>
                        <Group gap="xs" wrap="nowrap">
                          <Button
                            size="xs"
                            variant="default"
                            aria-expanded={openSlip === s.id}
                            aria-label={`${t('bisyaroh.process.lines')} ${s.employeeName}`}
                            onClick={() => setOpenSlip(openSlip === s.id ? null : s.id)}
                          >
                            {t('bisyaroh.process.lines')}
                          </Button>
                          {m.status === 'OPEN' ? (
                            <Button size="xs" variant="default" onClick={() => setDialog({ kind: 'adjust', slip: s })}>
                              {t('bisyaroh.process.adjust')}
                            </Button>
                          ) : (
                            <Button size="xs" variant="default" onClick={() => setDialog({ kind: 'correct', slip: s })}>
                              {t('bisyaroh.process.correct')}
                            </Button>
                          )}
                          <Button
                            size="xs"
                            variant="default"
                            component={Link}
                            to={ROUTES['principal-bisyaroh-slip'].replace(':id', String(s.id))}
                          >
                            {t('bisyaroh.common.print')}
                          </Button>
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                    {openSlip === s.id && (
                      <Table.Tr>
                        <Table.Td colSpan={4}>
                          <SlipLines
                            lines={s.lines}
                            total={s.total}
                            label={`${t('bisyaroh.process.lines')} ${s.employeeName}`}
                          />
                        </Table.Td>
                      </Table.Tr>
                    )}
                  </Fragment>
                ))}
                {m.slips.length === 0 && (
                  <Table.Tr>
                    <Table.Td colSpan={4}>{t('bisyaroh.common.empty')}</Table.Td>
                  </Table.Tr>
                )}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <MissingJournals month={m} onApprove={(lesson) => setDialog({ kind: 'approve', lesson })} />
        </>
      )}
      <Modal
        opened={dialog !== null}
        onClose={() => setDialog(null)}
        title={
          dialog?.kind === 'adjust'
            ? t('bisyaroh.process.adjustTitle', { name: dialog.slip.employeeName })
            : dialog?.kind === 'correct'
              ? t('bisyaroh.process.correctTitle', { name: dialog.slip.employeeName })
              : dialog?.kind === 'approve'
                ? t('bisyaroh.process.approveTitle', { date: dialog.lesson.date, period: dialog.lesson.period })
                : t('bisyaroh.process.payTitle', { month: longMonth(month, lang) })
        }
      >
        {m && dialog?.kind === 'adjust' && (
          <LineDialog
            withLabel
            pending={adjust.isPending}
            onSubmit={(v) =>
              adjust.mutate(
                { monthId: m.id, body: { employeeId: dialog.slip.employeeId, ...v } },
                { onSuccess: done, onError: notifyError },
              )
            }
          />
        )}
        {m && dialog?.kind === 'correct' && (
          <LineDialog
            withLabel={false}
            pending={correct.isPending}
            onSubmit={({ amount, reason }) =>
              correct.mutate(
                { monthId: m.id, body: { employeeId: dialog.slip.employeeId, amount, reason } },
                { onSuccess: done, onError: notifyError },
              )
            }
          />
        )}
        {m && dialog?.kind === 'approve' && (
          <ApproveForm
            pending={approve.isPending}
            onSubmit={(reason) =>
              approve.mutate(
                {
                  monthId: m.id,
                  body: { timetableSlotId: dialog.lesson.timetableSlotId, date: dialog.lesson.date, reason },
                },
                { onSuccess: done, onError: notifyError },
              )
            }
          />
        )}
        {m && dialog?.kind === 'pay' && (
          <PayDialog
            unitId={m.unitId}
            total={m.total}
            pending={pay.isPending}
            onSubmit={(body) => pay.mutate({ monthId: m.id, body }, { onSuccess: done, onError: notifyError })}
          />
        )}
      </Modal>
    </>
  );
}

function ApproveForm({ pending, onSubmit }: { pending: boolean; onSubmit: (reason: string) => void }) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  return (
    <Stack>
      <Textarea
        label={t('bisyaroh.common.reason')}
        value={reason}
        onChange={(e) => setReason(e.currentTarget.value)}
        required
      />
      <Group justify="flex-end">
        <Button loading={pending} onClick={() => onSubmit(reason)}>
          {t('bisyaroh.process.approve')}
        </Button>
      </Group>
    </Stack>
  );
}
