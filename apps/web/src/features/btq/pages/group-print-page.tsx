import { Button, Skeleton, Table, Text } from '@mantine/core';
import type { BtqGroup, BtqMember } from '@mms/shared';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ROUTES } from '../../../lib/route-names.ts';
import { PrintButton, PrintedPaper } from '../../../components/print/printed-paper.tsx';
import { useCurrentUser } from '../../../lib/session.ts';

import { useGroupMembers } from '../api.ts';
import { userCan } from '../../../lib/permissions.ts';

/** "Jadwal: Senin, Rabu 07:00–08:00, Masjid" of a group, in the chosen language. */
export function useScheduleText() {
  const { t } = useTranslation();
  const dayNames = t('btq.dayNames', { returnObjects: true }) as string[];
  return (g: BtqGroup) =>
    [
      g.days.map((d) => dayNames[d - 1]).join(', '),
      g.startTime ? `${g.startTime}–${g.endTime ?? ''}` : '',
      g.place ?? '',
    ]
      .filter(Boolean)
      .join(' · ') || '–';
}

/** Where a member stands: "hal. 39 / 40" on a reading level, "78:40" (surah:ayat) on tahfidz, "–" without entry. */
export function positionText(m: BtqMember, pageWord: string) {
  if (m.lastPage === null) return '–';
  return m.levelPages !== null ? `${pageWord} ${m.lastPage} / ${m.levelPages}` : m.lastPage;
}

/**
 * The printable page of one halaqah: ustadz, level, schedule and the members with their current level and page,
 * on the unit's letterhead. Linked from the grouping screen; an ustadz may open their own groups (the server
 * answers 403 for others).
 */
export function GroupPrintPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const members = useGroupMembers(Number.isSafeInteger(id) && id > 0 ? id : null);
  const schedule = useScheduleText();
  const manager = userCan(useCurrentUser(), 'btq.manage');
  if (members.isError) return <Text role="alert">{t('btq.groupNotFound')}</Text>;
  if (!members.data) return <Skeleton height={240} />;
  const { group, items } = members.data;
  return (
    <PrintedPaper
      unitId={group.unitId}
      title={`${t('btq.group')} ${group.name}`}
      subtitle={
        <Text size="sm">
          {t('btq.teacher')}: {group.teacherName} · {t('btq.level')}: {group.levelName ?? '–'} · {t('btq.schedule')}:{' '}
          {schedule(group)} · {t('btq.schoolYear', { year: group.schoolYear })}
        </Text>
      }
      actions={
        <>
          {manager && (
            <Button
              variant="default"
              size="sm"
              component={Link}
              to={ROUTES['btq-grouping']}
              leftSection={<IconArrowLeft size={16} aria-hidden />}
            >
              {t('btq.titles.grouping')}
            </Button>
          )}
          <PrintButton />
        </>
      }
    >
      {items.length === 0 ? (
        <Text>{t('btq.noMembers')}</Text>
      ) : (
        <Table striped withTableBorder aria-label={t('btq.members')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('btq.no')}</Table.Th>
              <Table.Th>{t('btq.nis')}</Table.Th>
              <Table.Th>{t('btq.student')}</Table.Th>
              <Table.Th>{t('btq.class')}</Table.Th>
              <Table.Th>{t('btq.level')}</Table.Th>
              <Table.Th>{t('btq.position')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((m, i) => (
              <Table.Tr key={m.studentId}>
                <Table.Td>{i + 1}</Table.Td>
                <Table.Td>{m.nis}</Table.Td>
                <Table.Td>{m.name}</Table.Td>
                <Table.Td>{m.className}</Table.Td>
                <Table.Td>{m.levelName ?? '–'}</Table.Td>
                <Table.Td>{positionText(m, t('btq.page'))}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </PrintedPaper>
  );
}
