import { Alert, Anchor, Button, Group, Select, Skeleton, Stack, Table, Tabs, Text, Title } from '@mantine/core';
import {
  formatRupiah,
  longDate,
  longMonth,
  type ArrearsClassRow,
  type ArrearsStudentRow,
  type CollectionsRow,
  type DailyCashReport,
} from '@mms/shared';
import { IconArrowLeft, IconFileSpreadsheet } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField, MonthField } from '../../../components/date-fields.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { ClassSelect, UnitSelect, useActiveYearId, useDefaultUnitId } from '../../../components/pickers.tsx';
import {
  PrintButton,
  PrintedPaper,
  printClasses,
  useSignedInSigner,
} from '../../../components/print/printed-paper.tsx';
import { errorText } from '../../../i18n/index.ts';
import { serverToday } from '../../../lib/clock.ts';
import { dateText } from '../../../lib/display.ts';
import { useComponents } from '../../finance/api.ts';
import { cleanQuery, exportHref, useArrears, useCollections, useDailyCash } from '../api.ts';

const rp = formatRupiah;
type Lang = 'id' | 'en';

function Actions({ href }: { href: string }) {
  const { t } = useTranslation();
  return (
    <>
      <PrintButton />
      <Button component="a" href={href} variant="default" leftSection={<IconFileSpreadsheet size={16} aria-hidden />}>
        {t('financeReports.export')}
      </Button>
    </>
  );
}

/** Loading, error and empty states around a report's tables. */
function State({
  q,
  empty,
  children,
}: {
  q: { isPending: boolean; error: unknown };
  empty: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  if (q.isPending) return <Skeleton height={200} mt="md" />;
  if (q.error) return <Alert color="red">{errorText(q.error)}</Alert>;
  if (empty)
    return (
      <Text mt="md" role="status">
        {t('financeReports.empty')}
      </Text>
    );
  return <>{children}</>;
}

function ComponentSelect(props: { unitId: number | null; value: number | null; onChange: (v: number | null) => void }) {
  const { t } = useTranslation();
  const components = useComponents(props.unitId);
  return (
    <Select
      label={t('financeReports.component')}
      placeholder={t('financeReports.allComponents')}
      data={(components.data?.items ?? []).map((c) => ({ value: String(c.id), label: `${c.code} – ${c.name}` }))}
      value={props.value ? String(props.value) : null}
      onChange={(v) => props.onChange(v ? Number(v) : null)}
      clearable
      w={{ base: '100%', sm: 200 }}
    />
  );
}

function AgeCells({
  r,
}: {
  r:
    ArrearsClassRow | ArrearsStudentRow | { d0_30: number; d31_60: number; d61_90: number; d90: number; total: number };
}) {
  return (
    <>
      <Table.Td ta="right">{rp(r.d0_30)}</Table.Td>
      <Table.Td ta="right">{rp(r.d31_60)}</Table.Td>
      <Table.Td ta="right">{rp(r.d61_90)}</Table.Td>
      <Table.Td ta="right">{rp(r.d90)}</Table.Td>
      <Table.Td ta="right" fw={600}>
        {rp(r.total)}
      </Table.Td>
    </>
  );
}

function AgeHeads() {
  const { t } = useTranslation();
  return (
    <>
      <Table.Th ta="right">{t('financeReports.arrears.d0_30')}</Table.Th>
      <Table.Th ta="right">{t('financeReports.arrears.d31_60')}</Table.Th>
      <Table.Th ta="right">{t('financeReports.arrears.d61_90')}</Table.Th>
      <Table.Th ta="right">{t('financeReports.arrears.d90')}</Table.Th>
      <Table.Th ta="right">{t('financeReports.total')}</Table.Th>
    </>
  );
}

function ArrearsTab({ unitId, lang }: { unitId: number | null; lang: Lang }) {
  const { t } = useTranslation();
  const yearId = useActiveYearId();
  const [asOf, setAsOf] = useState(serverToday());
  const [classGroupId, setClassGroupId] = useState<number | null>(null);
  const [componentId, setComponentId] = useState<number | null>(null);
  const q = cleanQuery({ unitId, asOf, classGroupId, componentId });
  const report = useArrears(q);
  const treasurer = useSignedInSigner('TREASURER');
  const r = report.data;
  const className = r?.classes[0]?.className;
  // every unit at once: the class with its unit (the button's name holds what it shows)
  const classLabel = (c: { unitCode: string; className: string | null }) =>
    unitId === null ? `${c.unitCode} ${c.className ?? ''}` : (c.className ?? '');
  return (
    <PrintedPaper
      unitId={unitId}
      signer={unitId === null ? undefined : treasurer}
      title={t('financeReports.arrears.title')}
      subtitle={
        <Text size="sm">
          {t('financeReports.arrears.asOf')}: {longDate(asOf, lang)}
          {classGroupId && className ? ` · ${className}` : ''}
        </Text>
      }
      signed={report.isSuccess}
      actions={<Actions href={exportHref('arrears', q)} />}
      controls={
        <Group align="flex-end" mt="sm">
          <DateField label={t('financeReports.arrears.asOf')} value={asOf} onChange={setAsOf} />
          <ClassSelect value={classGroupId} onChange={setClassGroupId} unitId={unitId} academicYearId={yearId} />
          <ComponentSelect unitId={unitId} value={componentId} onChange={setComponentId} />
        </Group>
      }
    >
      <State q={report} empty={!!r && r.totals.bills === 0}>
        {r && classGroupId === null && (
          <Table.ScrollContainer minWidth={720} mt="md">
            <Table withTableBorder striped aria-label={t('financeReports.arrears.byClass')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('financeReports.class')}</Table.Th>
                  <Table.Th ta="right">{t('financeReports.students')}</Table.Th>
                  <Table.Th ta="right">{t('financeReports.bills')}</Table.Th>
                  <AgeHeads />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {r.classes.map((c) => (
                  <Table.Tr key={`${c.unitCode}-${c.classGroupId}`}>
                    <Table.Td>
                      {c.classGroupId ? (
                        <Anchor
                          component="button"
                          type="button"
                          onClick={() => setClassGroupId(c.classGroupId)}
                          aria-label={t('financeReports.arrears.drill', { name: classLabel(c) })}
                        >
                          {classLabel(c)}
                        </Anchor>
                      ) : (
                        t('financeReports.noClass')
                      )}
                    </Table.Td>
                    <Table.Td ta="right">{c.students}</Table.Td>
                    <Table.Td ta="right">{c.bills}</Table.Td>
                    <AgeCells r={c} />
                  </Table.Tr>
                ))}
                <Table.Tr fw={700}>
                  <Table.Td>{t('financeReports.total')}</Table.Td>
                  <Table.Td ta="right">{r.totals.students}</Table.Td>
                  <Table.Td ta="right">{r.totals.bills}</Table.Td>
                  <AgeCells r={r.totals} />
                </Table.Tr>
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {r && classGroupId !== null && (
          <Stack gap="xs" mt="md">
            <Button
              variant="subtle"
              w="fit-content"
              className={printClasses.noPrint}
              leftSection={<IconArrowLeft size={16} aria-hidden />}
              onClick={() => setClassGroupId(null)}
            >
              {t('financeReports.arrears.allClasses')}
            </Button>
            <Table.ScrollContainer minWidth={760}>
              <Table withTableBorder striped aria-label={t('financeReports.arrears.byStudent')}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>NIS</Table.Th>
                    <Table.Th>{t('financeReports.name')}</Table.Th>
                    <Table.Th ta="right">{t('financeReports.bills')}</Table.Th>
                    <Table.Th>{t('financeReports.arrears.oldest')}</Table.Th>
                    <AgeHeads />
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {r.students.map((s) => (
                    <Table.Tr key={s.studentId}>
                      <Table.Td>{s.nis}</Table.Td>
                      <Table.Td>{s.name}</Table.Td>
                      <Table.Td ta="right">{s.bills}</Table.Td>
                      <Table.Td>{dateText(s.oldestDueDate, 'short')}</Table.Td>
                      <AgeCells r={s} />
                    </Table.Tr>
                  ))}
                  <Table.Tr fw={700}>
                    <Table.Td colSpan={2}>{t('financeReports.total')}</Table.Td>
                    <Table.Td ta="right">{r.totals.bills}</Table.Td>
                    <Table.Td />
                    <AgeCells r={r.totals} />
                  </Table.Tr>
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Stack>
        )}
      </State>
    </PrintedPaper>
  );
}

function CollectionsTable({
  rows,
  totals,
  label,
  first,
}: {
  rows: CollectionsRow[];
  totals: Omit<CollectionsRow, 'id' | 'label'>;
  label: string;
  first: string;
}) {
  const { t } = useTranslation();
  const rate = (n: number | null) => (n === null ? '–' : `${n}%`);
  const cells = (r: Omit<CollectionsRow, 'id' | 'label'>) => (
    <>
      <Table.Td ta="right">{r.bills}</Table.Td>
      <Table.Td ta="right">{rp(r.billed)}</Table.Td>
      <Table.Td ta="right">{rp(r.discount)}</Table.Td>
      <Table.Td ta="right">{rp(r.paid)}</Table.Td>
      <Table.Td ta="right">{rp(r.outstanding)}</Table.Td>
      <Table.Td ta="right">{rate(r.rate)}</Table.Td>
    </>
  );
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table withTableBorder striped aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{first}</Table.Th>
            <Table.Th ta="right">{t('financeReports.bills')}</Table.Th>
            <Table.Th ta="right">{t('financeReports.collections.billed')}</Table.Th>
            <Table.Th ta="right">{t('financeReports.collections.discount')}</Table.Th>
            <Table.Th ta="right">{t('financeReports.collections.paid')}</Table.Th>
            <Table.Th ta="right">{t('financeReports.collections.outstanding')}</Table.Th>
            <Table.Th ta="right">{t('financeReports.collections.rate')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={`${r.id}`}>
              <Table.Td>{r.label || t('financeReports.noClass')}</Table.Td>
              {cells(r)}
            </Table.Tr>
          ))}
          <Table.Tr fw={700}>
            <Table.Td>{t('financeReports.total')}</Table.Td>
            {cells(totals)}
          </Table.Tr>
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function CollectionsTab({ unitId, lang }: { unitId: number | null; lang: Lang }) {
  const { t } = useTranslation();
  const yearId = useActiveYearId();
  const month = serverToday().slice(0, 7);
  const [fromMonth, setFromMonth] = useState(month);
  const [toMonth, setToMonth] = useState(month);
  const [classGroupId, setClassGroupId] = useState<number | null>(null);
  const [componentId, setComponentId] = useState<number | null>(null);
  const valid = fromMonth <= toMonth;
  const q = cleanQuery({ unitId, fromMonth, toMonth, classGroupId, componentId });
  const report = useCollections(q, valid);
  const treasurer = useSignedInSigner('TREASURER');
  const r = report.data;
  return (
    <PrintedPaper
      unitId={unitId}
      signer={unitId === null ? undefined : treasurer}
      title={t('financeReports.collections.title')}
      subtitle={
        <Text size="sm">
          {longMonth(fromMonth, lang)} – {longMonth(toMonth, lang)}
        </Text>
      }
      signed={report.isSuccess}
      actions={<Actions href={exportHref('collections', q)} />}
      controls={
        <Group align="flex-end" mt="sm">
          <MonthField label={t('financeReports.collections.from')} value={fromMonth} onChange={setFromMonth} />
          <MonthField
            label={t('financeReports.collections.to')}
            value={toMonth}
            onChange={setToMonth}
            error={valid ? undefined : t('financeReports.collections.badRange')}
          />
          <ClassSelect value={classGroupId} onChange={setClassGroupId} unitId={unitId} academicYearId={yearId} />
          <ComponentSelect unitId={unitId} value={componentId} onChange={setComponentId} />
        </Group>
      }
    >
      {valid && (
        <State q={report} empty={!!r && r.totals.bills === 0}>
          {r && (
            <Stack mt="md">
              <Title order={2} fz="h4">
                {t('financeReports.collections.byComponent')}
              </Title>
              <CollectionsTable
                rows={r.byComponent}
                totals={r.totals}
                label={t('financeReports.collections.byComponent')}
                first={t('financeReports.component')}
              />
              <Title order={2} fz="h4">
                {t('financeReports.collections.byClass')}
              </Title>
              <CollectionsTable
                rows={r.byClass}
                totals={r.totals}
                label={t('financeReports.collections.byClass')}
                first={t('financeReports.class')}
              />
            </Stack>
          )}
        </State>
      )}
    </PrintedPaper>
  );
}

function CashTables({ r }: { r: DailyCashReport }) {
  const { t } = useTranslation();
  return (
    <Stack mt="md">
      <Table.ScrollContainer minWidth={640}>
        <Table withTableBorder striped aria-label={t('financeReports.cash.byAccount')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('financeReports.cash.account')}</Table.Th>
              <Table.Th ta="right">{t('financeReports.cash.opening')}</Table.Th>
              <Table.Th ta="right">{t('financeReports.cash.in')}</Table.Th>
              <Table.Th ta="right">{t('financeReports.cash.out')}</Table.Th>
              <Table.Th ta="right">{t('financeReports.cash.closing')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {r.accounts.map((a) => (
              <Table.Tr key={a.moneyAccountId}>
                <Table.Td>
                  {a.unitCode} · {a.code} {a.name}
                </Table.Td>
                <Table.Td ta="right">{rp(a.opening)}</Table.Td>
                <Table.Td ta="right">{rp(a.in)}</Table.Td>
                <Table.Td ta="right">{rp(a.out)}</Table.Td>
                <Table.Td ta="right">{rp(a.closing)}</Table.Td>
              </Table.Tr>
            ))}
            <Table.Tr fw={700}>
              <Table.Td>{t('financeReports.total')}</Table.Td>
              <Table.Td ta="right">{rp(r.totals.opening)}</Table.Td>
              <Table.Td ta="right">{rp(r.totals.in)}</Table.Td>
              <Table.Td ta="right">{rp(r.totals.out)}</Table.Td>
              <Table.Td ta="right">{rp(r.totals.closing)}</Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Title order={2} fz="h4">
        {t('financeReports.cash.byMaker')}
      </Title>
      {r.makers.length === 0 ? (
        <Text>{t('financeReports.cash.noVouchers')}</Text>
      ) : (
        <Table withTableBorder striped aria-label={t('financeReports.cash.byMaker')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('financeReports.cash.maker')}</Table.Th>
              <Table.Th ta="right">{t('financeReports.cash.vouchers')}</Table.Th>
              <Table.Th ta="right">{t('financeReports.cash.in')}</Table.Th>
              <Table.Th ta="right">{t('financeReports.cash.out')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {r.makers.map((m) => (
              <Table.Tr key={m.makerName}>
                <Table.Td>{m.makerName}</Table.Td>
                <Table.Td ta="right">{m.vouchers}</Table.Td>
                <Table.Td ta="right">{rp(m.in)}</Table.Td>
                <Table.Td ta="right">{rp(m.out)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Title order={2} fz="h4">
        {t('financeReports.cash.lines')}
      </Title>
      {r.lines.length > 0 && (
        <Table.ScrollContainer minWidth={860}>
          <Table withTableBorder striped aria-label={t('financeReports.cash.lines')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('financeReports.cash.number')}</Table.Th>
                <Table.Th>{t('financeReports.cash.account')}</Table.Th>
                <Table.Th>{t('financeReports.cash.against')}</Table.Th>
                <Table.Th>{t('financeReports.cash.description')}</Table.Th>
                <Table.Th>{t('financeReports.cash.maker')}</Table.Th>
                <Table.Th ta="right">{t('financeReports.cash.in')}</Table.Th>
                <Table.Th ta="right">{t('financeReports.cash.out')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {r.lines.map((l) => (
                <Table.Tr key={l.voucherId}>
                  <Table.Td>{l.number}</Table.Td>
                  <Table.Td>{l.moneyAccount}</Table.Td>
                  <Table.Td>{l.account}</Table.Td>
                  <Table.Td>{l.description}</Table.Td>
                  <Table.Td>{l.makerName}</Table.Td>
                  <Table.Td ta="right">{l.in ? rp(l.in) : ''}</Table.Td>
                  <Table.Td ta="right">{l.out ? rp(l.out) : ''}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}

function CashTab({ unitId, lang }: { unitId: number | null; lang: Lang }) {
  const { t } = useTranslation();
  const [date, setDate] = useState(serverToday());
  const q = cleanQuery({ unitId, date });
  const report = useDailyCash(q);
  const treasurer = useSignedInSigner('TREASURER');
  return (
    <PrintedPaper
      unitId={unitId}
      signer={unitId === null ? undefined : treasurer}
      title={t('financeReports.cash.title')}
      subtitle={<Text size="sm">{longDate(date, lang)}</Text>}
      signed={report.isSuccess}
      actions={<Actions href={exportHref('daily-cash', q)} />}
      controls={
        <Group align="flex-end" mt="sm">
          <DateField label={t('financeReports.cash.date')} value={date} onChange={setDate} />
        </Group>
      }
    >
      <State q={report} empty={!!report.data && report.data.accounts.length === 0}>
        {report.data && <CashTables r={report.data} />}
      </State>
    </PrintedPaper>
  );
}

/** report/finance: arrears by class and age, collections of a month range and the day's cash (issue 15). */
export function FinanceReportPage() {
  const { t, i18n } = useTranslation();
  const [unitId, setUnitId] = useState<number | null>(useDefaultUnitId());
  const [tab, setTab] = useState<string | null>('arrears');
  const lang: Lang = i18n.language === 'en' ? 'en' : 'id';
  return (
    <Stack>
      <div className={printClasses.noPrint}>
        <PageTitle>{t('financeReports.title')}</PageTitle>
        <UnitSelect value={unitId} onChange={setUnitId} />
      </div>
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List className={printClasses.noPrint}>
          <Tabs.Tab value="arrears">{t('financeReports.tabs.arrears')}</Tabs.Tab>
          <Tabs.Tab value="collections">{t('financeReports.tabs.collections')}</Tabs.Tab>
          <Tabs.Tab value="cash">{t('financeReports.tabs.cash')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="arrears" pt="md">
          <ArrearsTab unitId={unitId} lang={lang} />
        </Tabs.Panel>
        <Tabs.Panel value="collections" pt="md">
          <CollectionsTab unitId={unitId} lang={lang} />
        </Tabs.Panel>
        <Tabs.Panel value="cash" pt="md">
          <CashTab unitId={unitId} lang={lang} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
