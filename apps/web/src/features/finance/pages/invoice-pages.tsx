import { Anchor, Badge, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { formatRupiah, longDate, type Bill } from '@mms/shared';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { usePhone } from '../../../components/data-list/responsive-table.tsx';
import { ROUTES } from '../../../lib/route-names.ts';
import { dateText, periodText } from '../../../lib/display.ts';
import { PageTitle } from '../../../components/page-title.tsx';
import { PrintButton, PrintedPaper, useSignedInSigner } from '../../../components/print/printed-paper.tsx';
import { useInvoice, useMyBills, useMyInvoices } from '../api.ts';
import { STATUS_COLOR } from './bills-page.tsx';

function BillsTable({ bills, label }: { bills: Bill[]; label: string }) {
  const { t } = useTranslation();
  const phone = usePhone();
  if (phone)
    // a phone: a card per bill, each figure whole on its own line (the seven-column table cut the amount, the
    // remainder and the status off at 360 px)
    return (
      <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label={label}>
        {bills.map((b) => (
          <Paper component="li" key={b.id} withBorder radius="md" p="sm" data-testid="bill-card">
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Text fw={600}>
                {b.componentName} · {periodText(b)}
              </Text>
              <Badge variant="light" color={STATUS_COLOR[b.status]}>
                {t(`finance.billStatus.${b.status}`)}
              </Badge>
            </Group>
            {(
              [
                [t('finance.dueDate'), dateText(b.dueDate)],
                [t('finance.amount'), formatRupiah(b.amount)],
                [t('finance.discount'), formatRupiah(b.discount)],
                [t('finance.outstanding'), formatRupiah(b.outstanding)],
              ] as const
            ).map(([name, value]) => (
              <Group key={name} justify="space-between" wrap="nowrap" gap="xs">
                <Text size="sm">{name}</Text>
                <Text size="sm" className="mms-nowrap">
                  {value}
                </Text>
              </Group>
            ))}
          </Paper>
        ))}
      </Stack>
    );
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table striped withTableBorder aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('finance.component')}</Table.Th>
            <Table.Th>{t('finance.period')}</Table.Th>
            <Table.Th>{t('finance.dueDate')}</Table.Th>
            <Table.Th ta="right">{t('finance.amount')}</Table.Th>
            <Table.Th ta="right">{t('finance.discount')}</Table.Th>
            <Table.Th ta="right">{t('finance.outstanding')}</Table.Th>
            <Table.Th>{t('finance.status')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {bills.map((b) => (
            <Table.Tr key={b.id}>
              <Table.Td>{b.componentName}</Table.Td>
              <Table.Td>{periodText(b)}</Table.Td>
              <Table.Td className="mms-nowrap">{dateText(b.dueDate)}</Table.Td>
              <Table.Td ta="right">{formatRupiah(b.amount)}</Table.Td>
              <Table.Td ta="right">{formatRupiah(b.discount)}</Table.Td>
              <Table.Td ta="right">{formatRupiah(b.outstanding)}</Table.Td>
              <Table.Td>
                <Badge variant="light" color={STATUS_COLOR[b.status]}>
                  {t(`finance.billStatus.${b.status}`)}
                </Badge>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** treasurer/invoice/:id: the printable invoice under the school's letterhead (print or save as PDF). */
export function InvoicePage() {
  const { t, i18n } = useTranslation();
  const id = Number(useParams().id);
  const invoice = useInvoice(Number.isInteger(id) && id > 0 ? id : null);
  const treasurer = useSignedInSigner('TREASURER');
  const inv = invoice.data;
  if (invoice.isPending) return <Text>{t('app.loading')}</Text>;
  if (!inv) return <Text>{t('finance.invoice.notFound')}</Text>;
  const lang = i18n.language === 'en' ? 'en' : 'id';
  return (
    <PrintedPaper
      unitId={inv.unitId}
      title={`${t('finance.invoice.title')} ${inv.number}`}
      signer={treasurer}
      subtitle={
        <Text size="sm">
          {inv.studentName} · NIS {inv.nis}
          {inv.className ? ` · ${inv.className}` : ''} · {t('finance.dueDate')}: {longDate(inv.dueDate, lang)}
        </Text>
      }
      actions={<PrintButton />}
    >
      <Stack mt="md">
        <BillsTable bills={inv.bills} label={t('finance.invoice.title')} />
        <Group justify="flex-end">
          <Text fw={700}>
            {t('finance.invoice.total')}: {formatRupiah(inv.total)}
          </Text>
        </Group>
      </Stack>
    </PrintedPaper>
  );
}

/** students/student/invoice: the student's own bills and invoices. */
export function StudentInvoicePage() {
  const { t } = useTranslation();
  const bills = useMyBills();
  const invoices = useMyInvoices();
  const open = (bills.data?.items ?? []).filter((b) => b.status === 'UNPAID' || b.status === 'PARTIAL');
  const total = open.reduce((a, b) => a + b.outstanding, 0);
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'lg' }} radius="md">
      <PageTitle>{t('finance.mine.title')}</PageTitle>
      <Stack>
        {bills.isPending ? (
          <Text>{t('app.loading')}</Text>
        ) : open.length === 0 ? (
          <Text>{t('finance.mine.empty')}</Text>
        ) : (
          <>
            <BillsTable bills={open} label={t('finance.mine.open')} />
            <Text fw={700}>
              {t('finance.invoice.total')}: {formatRupiah(total)}
            </Text>
          </>
        )}
        <Title order={2} fz="h4">
          {t('finance.mine.invoices')}
        </Title>
        {(invoices.data?.items ?? []).length === 0 ? (
          <Text>{t('finance.mine.noInvoices')}</Text>
        ) : (
          <Stack gap="xs">
            {invoices.data!.items.map((i) => (
              <Group key={i.id} gap="sm">
                <Anchor
                  component={Link}
                  to={ROUTES['student-invoice-print'].replace(':id', String(i.id))}
                  fw={600}
                  aria-label={t('finance.mine.print', { number: i.number })}
                >
                  {i.number}
                </Anchor>
                <Text size="sm">
                  {t('finance.dueDate')}: {dateText(i.dueDate)} · {formatRupiah(i.total)}
                </Text>
              </Group>
            ))}
          </Stack>
        )}
        <Button component={Link} to={ROUTES.dashboard} variant="default" w="fit-content">
          {t('finance.back')}
        </Button>
      </Stack>
    </Paper>
  );
}
