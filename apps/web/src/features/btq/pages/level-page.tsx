import '../../../i18n/school/index.ts';
import {
  ActionIcon,
  Button,
  Checkbox,
  Group,
  Pagination,
  Paper,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { ALL_UNIT_DIVISIONS } from '@mms/shared';
import { IconHistory } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ExportButton } from '../../../components/data-list/export-button.tsx';
import { downloadServerExport } from '../../../components/data-list/export-xlsx.ts';
import { PageTitle } from '../../../components/page-title.tsx';
import { ClassSelect, UnitSelect, useActiveYearId, useDefaultUnitId } from '../../../components/pickers.tsx';
import { notifyError, notifyInfo } from '../../../lib/notify.ts';
import { useCurrentUser } from '../../../lib/session.ts';
import { studentQuery, useGroups, usePlace, useStudents, type StudentFilters } from '../api.ts';
import { LevelSelect, StudentHistoryModal } from './parts.tsx';
import '../../../i18n/list/index.ts';

/** Leveling BTQ: every student of the unit with their current level and group; bulk placement at a level. */
export function LevelPage() {
  const { t } = useTranslation();
  const admin = ALL_UNIT_DIVISIONS.includes(useCurrentUser().division);
  const yearId = useActiveYearId();
  const [f, setF] = useState<StudentFilters>({
    unitId: useDefaultUnitId(),
    classId: null,
    groupId: null,
    levelId: null,
    q: '',
    page: 1,
    pageSize: 25,
  });
  const set = (patch: Partial<StudentFilters>) => setF({ ...f, page: 1, ...patch });
  const students = useStudents(f, f.unitId !== null);
  const groups = useGroups(f.unitId, f.unitId !== null);
  const place = usePlace();
  const [picked, setPicked] = useState<number[]>([]);
  const [target, setTarget] = useState<number | null>(null);
  const [history, setHistory] = useState<number | null>(null);
  const rows = students.data?.items ?? [];
  const allPicked = rows.length > 0 && rows.every((r) => picked.includes(r.id));
  const submit = () =>
    place.mutate(
      { studentIds: picked, levelId: target! },
      {
        onSuccess: (r) => {
          notifyInfo(t('btq.placed', { count: r.placed }));
          setPicked([]);
        },
        onError: notifyError,
      },
    );
  return (
    <>
      <PageTitle
        actions={
          <ExportButton
            label={t('btq.export')}
            onExport={() => {
              const { page: _p, pageSize: _s, ...q } = studentQuery(f);
              const query = Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined)) as Record<
                string,
                string | number
              >;
              return downloadServerExport('/btq/students', query, 'leveling-btq.xlsx');
            }}
          />
        }
      >
        {t('btq.titles.level')}
      </PageTitle>
      <Stack>
        <Group align="flex-end" wrap="wrap">
          {admin && (
            <UnitSelect
              value={f.unitId}
              onChange={(unitId) => set({ unitId, classId: null, groupId: null })}
              clearable={false}
            />
          )}
          <TextInput label={t('btq.search')} value={f.q} onChange={(e) => set({ q: e.currentTarget.value })} />
          <ClassSelect
            value={f.classId}
            onChange={(classId) => set({ classId })}
            unitId={f.unitId}
            academicYearId={yearId}
            clearable
          />
          <Select
            label={t('btq.group')}
            placeholder={t('btq.allGroups')}
            data={(groups.data?.items ?? []).map((g) => ({ value: String(g.id), label: g.name }))}
            value={f.groupId ? String(f.groupId) : null}
            onChange={(v) => set({ groupId: v ? Number(v) : null })}
            clearable
            w={{ base: '100%', sm: 200 }}
          />
          <LevelSelect
            unitId={f.unitId}
            value={f.levelId}
            onChange={(levelId) => set({ levelId })}
            placeholder={t('btq.allLevels')}
            clearable
          />
        </Group>
        <Paper withBorder p="sm" radius="md">
          <Group align="flex-end">
            <Text size="sm">{t('btq.selected', { count: picked.length })}</Text>
            <LevelSelect unitId={f.unitId} value={target} onChange={setTarget} label={t('btq.setLevel')} />
            <Button onClick={submit} disabled={picked.length === 0 || target === null} loading={place.isPending}>
              {t('btq.setLevel')}
            </Button>
          </Group>
        </Paper>
        {f.unitId === null ? null : students.isPending ? (
          <Skeleton height={200} />
        ) : rows.length ? (
          <>
            <Table.ScrollContainer minWidth={640}>
              <Table striped>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>
                      <Checkbox
                        aria-label={t('btq.selectAll')}
                        checked={allPicked}
                        onChange={(e) =>
                          setPicked(
                            e.currentTarget.checked
                              ? [...new Set([...picked, ...rows.map((r) => r.id)])]
                              : picked.filter((id) => !rows.some((r) => r.id === id)),
                          )
                        }
                      />
                    </Table.Th>
                    <Table.Th>{t('btq.nis')}</Table.Th>
                    <Table.Th>{t('btq.student')}</Table.Th>
                    <Table.Th>{t('btq.class')}</Table.Th>
                    <Table.Th>{t('btq.level')}</Table.Th>
                    <Table.Th>{t('btq.since')}</Table.Th>
                    <Table.Th>{t('btq.group')}</Table.Th>
                    <Table.Th />
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((r) => (
                    <Table.Tr key={r.id}>
                      <Table.Td>
                        <Checkbox
                          aria-label={t('btq.selectStudent', { name: r.name })}
                          checked={picked.includes(r.id)}
                          onChange={(e) =>
                            setPicked(e.currentTarget.checked ? [...picked, r.id] : picked.filter((id) => id !== r.id))
                          }
                        />
                      </Table.Td>
                      <Table.Td>{r.nis}</Table.Td>
                      <Table.Td>{r.name}</Table.Td>
                      <Table.Td>{r.className}</Table.Td>
                      <Table.Td>{r.levelName ? `${r.methodName} – ${r.levelName}` : t('btq.noLevel')}</Table.Td>
                      <Table.Td>{r.levelSince ?? '–'}</Table.Td>
                      <Table.Td>{r.groupName ?? t('btq.noGroup')}</Table.Td>
                      <Table.Td>
                        <ActionIcon
                          variant="subtle"
                          aria-label={`${t('btq.history')} ${r.name}`}
                          onClick={() => setHistory(r.id)}
                        >
                          <IconHistory size={16} aria-hidden />
                        </ActionIcon>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            <Pagination
              total={Math.max(1, Math.ceil((students.data?.total ?? 0) / f.pageSize))}
              value={f.page}
              onChange={(page) => setF({ ...f, page })}
              getControlProps={(control) => ({ 'aria-label': t(`list.pageControl.${control}`) })}
            />
          </>
        ) : (
          <Text>{t('btq.empty')}</Text>
        )}
      </Stack>
      {history && <StudentHistoryModal studentId={history} onClose={() => setHistory(null)} />}
    </>
  );
}
