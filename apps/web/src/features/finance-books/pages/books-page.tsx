import {
  Alert,
  Badge,
  Button,
  Group,
  Modal,
  SegmentedControl,
  Skeleton,
  Stack,
  Table,
  Text,
  Textarea,
} from '@mantine/core';
import { formatRupiah, longMonth, type Book } from '@mms/shared';
import { IconFileSpreadsheet, IconLock, IconLockOpen } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MonthField } from '../../../components/date-fields.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { UnitSelect, useDefaultUnitId } from '../../../components/pickers.tsx';
import { PrintButton, PrintedPaper, signedInSigner } from '../../../components/print/printed-paper.tsx';
import { errorText } from '../../../i18n/index.ts';
import { serverToday } from '../../../lib/clock.ts';
import { confirmDialog } from '../../../lib/dialogs.tsx';
import { dateText } from '../../../lib/display.ts';
import { notifyDone, notifyError } from '../../../lib/notify.ts';
import { useCurrentUser } from '../../../lib/session.ts';
import { BASE, useBook, useCloseMonth, useReopenMonth } from '../api.ts';
import { userCan } from '../../../lib/permissions.ts';

function BookTable({ book }: { book: Book }) {
  const { t } = useTranslation();
  const rp = formatRupiah;
  return (
    <Table withTableBorder striped mt="md" aria-label={t('financeBooks.books.title')}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('financeBooks.vouchers.date')}</Table.Th>
          <Table.Th>{t('financeBooks.vouchers.number')}</Table.Th>
          <Table.Th>{t('financeBooks.vouchers.account')}</Table.Th>
          <Table.Th>{t('financeBooks.vouchers.description')}</Table.Th>
          <Table.Th ta="right">{t('financeBooks.books.debit')}</Table.Th>
          <Table.Th ta="right">{t('financeBooks.books.credit')}</Table.Th>
          <Table.Th ta="right">{t('financeBooks.books.balance')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        <Table.Tr>
          <Table.Td colSpan={6}>{t('financeBooks.books.opening')}</Table.Td>
          <Table.Td ta="right" className="mms-nowrap">
            {rp(book.opening)}
          </Table.Td>
        </Table.Tr>
        {book.lines.map((l) => (
          <Table.Tr key={l.voucherId}>
            <Table.Td className="mms-nowrap">{dateText(l.date, 'short')}</Table.Td>
            <Table.Td>{l.number}</Table.Td>
            <Table.Td>{l.account}</Table.Td>
            <Table.Td>{l.description}</Table.Td>
            <Table.Td ta="right" className="mms-nowrap">
              {l.debit ? rp(l.debit) : ''}
            </Table.Td>
            <Table.Td ta="right" className="mms-nowrap">
              {l.credit ? rp(l.credit) : ''}
            </Table.Td>
            <Table.Td ta="right" className="mms-nowrap">
              {rp(l.balance)}
            </Table.Td>
          </Table.Tr>
        ))}
        {book.lines.length === 0 && (
          <Table.Tr>
            <Table.Td colSpan={7}>{t('financeBooks.books.empty')}</Table.Td>
          </Table.Tr>
        )}
        <Table.Tr fw={700}>
          <Table.Td colSpan={4}>{t('financeBooks.books.closing')}</Table.Td>
          <Table.Td ta="right" className="mms-nowrap">
            {rp(book.debit)}
          </Table.Td>
          <Table.Td ta="right" className="mms-nowrap">
            {rp(book.credit)}
          </Table.Td>
          <Table.Td ta="right" className="mms-nowrap">
            {rp(book.closing)}
          </Table.Td>
        </Table.Tr>
      </Table.Tbody>
    </Table>
  );
}

function DaysTable({ book }: { book: Book }) {
  const { t } = useTranslation();
  if (book.days.length === 0) return null;
  return (
    <Table withTableBorder mt="md" aria-label={t('financeBooks.books.days')}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('financeBooks.vouchers.date')}</Table.Th>
          <Table.Th ta="right">{t('financeBooks.books.debit')}</Table.Th>
          <Table.Th ta="right">{t('financeBooks.books.credit')}</Table.Th>
          <Table.Th ta="right">{t('financeBooks.books.balance')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {book.days.map((d) => (
          <Table.Tr key={d.date}>
            <Table.Td className="mms-nowrap">{dateText(d.date, 'short')}</Table.Td>
            <Table.Td ta="right" className="mms-nowrap">
              {formatRupiah(d.debit)}
            </Table.Td>
            <Table.Td ta="right" className="mms-nowrap">
              {formatRupiah(d.credit)}
            </Table.Td>
            <Table.Td ta="right" className="mms-nowrap">
              {formatRupiah(d.balance)}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** treasurer/books: the cash and bank books of a month with running balances; closing a month locks it. */
export function BooksPage() {
  const { t, i18n } = useTranslation();
  const user = useCurrentUser();
  const canManage = userCan(user, 'finance.manage');
  const [unitId, setUnitId] = useState<number | null>(useDefaultUnitId());
  const [kind, setKind] = useState<'CASH' | 'BANK'>('CASH');
  const [month, setMonth] = useState(serverToday().slice(0, 7));
  const [reopening, setReopening] = useState(false);
  const [reason, setReason] = useState('');
  const book = useBook(unitId, kind, month);
  const close = useCloseMonth();
  const reopen = useReopenMonth();
  const lang = i18n.language === 'en' ? 'en' : 'id';
  const unit = unitId === null ? {} : { unitId };
  const exportHref = `/api/v1${BASE}/books/export?${new URLSearchParams({ ...(unitId ? { unitId: String(unitId) } : {}), kind, month })}`;

  return (
    <>
      <PageTitle>{t('financeBooks.books.title')}</PageTitle>
      <PrintedPaper
        unitId={unitId}
        title={`${kind === 'CASH' ? t('financeBooks.books.cash') : t('financeBooks.books.bank')} ${longMonth(month, lang)}`}
        signed={book.isSuccess}
        signer={signedInSigner(user, 'TREASURER')}
        actions={
          <>
            <PrintButton />
            <Button
              component="a"
              href={exportHref}
              variant="default"
              leftSection={<IconFileSpreadsheet size={16} aria-hidden />}
            >
              {t('financeBooks.books.export')}
            </Button>
            {canManage && book.data && !book.data.closed && (
              <Button
                leftSection={<IconLock size={16} aria-hidden />}
                onClick={() =>
                  confirmDialog({
                    title: t('financeBooks.books.closeTitle', { month: longMonth(month, lang) }),
                    text: t('financeBooks.books.closeText'),
                    confirm: t('financeBooks.books.close'),
                    destructive: true,
                    onConfirm: () =>
                      close.mutate({ ...unit, month }, { onSuccess: () => notifyDone('saved'), onError: notifyError }),
                  })
                }
              >
                {t('financeBooks.books.close')}
              </Button>
            )}
            {user.division === 'ADMIN' && book.data?.closed && (
              <Button
                variant="default"
                leftSection={<IconLockOpen size={16} aria-hidden />}
                onClick={() => setReopening(true)}
              >
                {t('financeBooks.books.reopen')}
              </Button>
            )}
          </>
        }
        controls={
          <Group align="flex-end" mt="sm">
            <UnitSelect value={unitId} onChange={setUnitId} />
            <SegmentedControl
              aria-label={t('financeBooks.books.title')}
              value={kind}
              onChange={(v) => setKind(v as 'CASH' | 'BANK')}
              data={[
                { value: 'CASH', label: t('financeBooks.books.cash') },
                { value: 'BANK', label: t('financeBooks.books.bank') },
              ]}
            />
            <MonthField label={t('financeBooks.vouchers.month')} value={month} onChange={setMonth} />
          </Group>
        }
      >
        {unitId === null && (
          <Alert color="blue" mt="md">
            {t('financeBooks.books.pickUnit')}
          </Alert>
        )}
        {unitId !== null && book.isPending && <Skeleton height={240} mt="md" />}
        {book.isError && <Alert color="red">{errorText(book.error)}</Alert>}
        {book.data && (
          <Stack gap="xs">
            {book.data.closed && (
              <Badge color="gray" variant="light" mt="sm">
                {t('financeBooks.books.closed')}
              </Badge>
            )}
            <BookTable book={book.data} />
            <Text fw={600} mt="md">
              {t('financeBooks.books.days')}
            </Text>
            <DaysTable book={book.data} />
          </Stack>
        )}
      </PrintedPaper>
      <Modal opened={reopening} onClose={() => setReopening(false)} title={t('financeBooks.books.reopen')} centered>
        <Stack>
          <Textarea
            label={t('financeBooks.books.reopenReason')}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            required
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setReopening(false)}>
              {t('dialog.cancel')}
            </Button>
            <Button
              disabled={reason.trim().length < 5}
              loading={reopen.isPending}
              onClick={() =>
                reopen.mutate(
                  { ...unit, month, reason },
                  {
                    onSuccess: () => {
                      notifyDone('saved');
                      setReopening(false);
                      setReason('');
                    },
                    onError: notifyError,
                  },
                )
              }
            >
              {t('financeBooks.books.reopen')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
