import { Alert, Badge, Button, Group, NumberInput, Skeleton, Table, Title } from '@mantine/core';
import { formatRupiah, longMonth } from '@mms/shared';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/page-title.tsx';
import { UnitSelect, useDefaultUnitId } from '../../../components/pickers.tsx';
import { errorText } from '../../../i18n/index.ts';
import { serverToday } from '../../../lib/clock.ts';
import { BASE, unitQuery, useMonthList } from '../api.ts';

/** principal/bisyaroh-list: months x units with their totals, the totals per unit (YAYASAN sees every unit), Excel. */
export function ListPage() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'id';
  const [unitId, setUnitId] = useState<number | null>(useDefaultUnitId());
  const [year, setYear] = useState(Number(serverToday().slice(0, 4)));
  const list = useMonthList(unitId, year);
  const params = new URLSearchParams({
    ...Object.fromEntries(Object.entries(unitQuery(unitId)).map(([k, v]) => [k, String(v)])),
    year: String(year),
  });
  return (
    <>
      <PageTitle>{t('bisyaroh.list.title')}</PageTitle>
      <Group align="flex-end" mb="md">
        <UnitSelect value={unitId} onChange={setUnitId} />
        <NumberInput
          label={t('bisyaroh.list.year')}
          value={year}
          onChange={(v) => typeof v === 'number' && setYear(v)}
          allowDecimal={false}
          min={2000}
          max={2100}
          w={120}
        />
        <Button
          component="a"
          href={`/api/v1${BASE}/months/export?${params}`}
          variant="default"
          leftSection={<IconFileSpreadsheet size={16} aria-hidden />}
        >
          {t('bisyaroh.common.export')}
        </Button>
      </Group>
      {list.isPending && <Skeleton height={200} />}
      {list.isError && <Alert color="red">{errorText(list.error)}</Alert>}
      {list.data && (
        <>
          <Table.ScrollContainer minWidth={600}>
            <Table striped withTableBorder aria-label={t('bisyaroh.list.title')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('bisyaroh.common.month')}</Table.Th>
                  <Table.Th>{t('bisyaroh.list.unit')}</Table.Th>
                  <Table.Th>{t('bisyaroh.common.status')}</Table.Th>
                  <Table.Th ta="right">{t('bisyaroh.process.employees')}</Table.Th>
                  <Table.Th ta="right">{t('bisyaroh.common.total')}</Table.Th>
                  <Table.Th>{t('bisyaroh.list.voucher')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.data.items.map((m) => (
                  <Table.Tr key={m.id}>
                    <Table.Td>{longMonth(m.month, lang)}</Table.Td>
                    <Table.Td>{m.unitName}</Table.Td>
                    <Table.Td>
                      <Badge color={m.status === 'LOCKED' ? 'gray' : 'blue'} variant="light">
                        {t(`bisyaroh.common.${m.status}`)}
                      </Badge>
                    </Table.Td>
                    <Table.Td ta="right">{m.employees}</Table.Td>
                    <Table.Td ta="right">{formatRupiah(m.total)}</Table.Td>
                    <Table.Td>{m.voucherNumber ?? t('bisyaroh.common.unpaid')}</Table.Td>
                  </Table.Tr>
                ))}
                {list.data.items.length === 0 && (
                  <Table.Tr>
                    <Table.Td colSpan={6}>{t('bisyaroh.common.empty')}</Table.Td>
                  </Table.Tr>
                )}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {list.data.unitTotals.length > 0 && (
            <>
              <Title order={2} fz="h4" mt="lg">
                {t('bisyaroh.list.unitTotals')}
              </Title>
              <Table withTableBorder mt="xs" aria-label={t('bisyaroh.list.unitTotals')}>
                <Table.Tbody>
                  {list.data.unitTotals.map((u) => (
                    <Table.Tr key={u.unitId}>
                      <Table.Td>{u.unitName}</Table.Td>
                      <Table.Td ta="right">{formatRupiah(u.total)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </>
          )}
        </>
      )}
    </>
  );
}
