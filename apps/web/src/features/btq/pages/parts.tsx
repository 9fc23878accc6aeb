import { Button, Group, Modal, Select, Skeleton, Stack, Table, Text, type SelectProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { dateText } from '../../../lib/display.ts';
import { useMethods, useStudentHistory } from '../api.ts';

/** A student's level and group history (placements, promotions, memberships), newest first. */
export function StudentHistoryModal({ studentId, onClose }: { studentId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const history = useStudentHistory(studentId);
  const h = history.data;
  return (
    <Modal opened onClose={onClose} title={t('btq.titles.history', { name: h?.student.name ?? '' })} size="lg">
      {!h ? (
        <Skeleton height={120} />
      ) : (
        <Stack>
          <Text fw={700}>{t('btq.levelHistory')}</Text>
          {h.levels.length ? (
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('btq.level')}</Table.Th>
                  <Table.Th>{t('btq.since')}</Table.Th>
                  <Table.Th>{t('btq.until')}</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {h.levels.map((l) => (
                  <Table.Tr key={l.id}>
                    <Table.Td>
                      {l.methodName} – {l.levelName}
                    </Table.Td>
                    <Table.Td>{dateText(l.fromDate, 'short')}</Table.Td>
                    <Table.Td>{l.toDate ? dateText(l.toDate, 'short') : '–'}</Table.Td>
                    <Table.Td>{t(`btq.via.${l.via}`)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          ) : (
            <Text>{t('btq.empty')}</Text>
          )}
          <Text fw={700}>{t('btq.groupHistory')}</Text>
          {h.groups.length ? (
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('btq.group')}</Table.Th>
                  <Table.Th>{t('btq.since')}</Table.Th>
                  <Table.Th>{t('btq.until')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {h.groups.map((g) => (
                  <Table.Tr key={g.id}>
                    <Table.Td>
                      {g.groupName} ({g.schoolYear})
                    </Table.Td>
                    <Table.Td>{dateText(g.fromDate, 'short')}</Table.Td>
                    <Table.Td>{g.toDate ? dateText(g.toDate, 'short') : '–'}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          ) : (
            <Text>{t('btq.empty')}</Text>
          )}
        </Stack>
      )}
    </Modal>
  );
}

/** The active levels the unit may use, grouped by method. */
export function LevelSelect({
  unitId,
  value,
  onChange,
  ...rest
}: Omit<SelectProps, 'data' | 'value' | 'onChange'> & {
  unitId: number | null;
  value: number | null;
  onChange: (id: number | null) => void;
}) {
  const { t } = useTranslation();
  const methods = useMethods(unitId);
  const data = (methods.data?.items ?? [])
    .filter((m) => m.isActive)
    .map((m) => ({
      group: m.name,
      items: m.levels.filter((l) => l.isActive).map((l) => ({ value: String(l.id), label: `${m.name} – ${l.name}` })),
    }));
  return (
    <Select
      label={t('btq.level')}
      data={data}
      value={value ? String(value) : null}
      onChange={(v) => onChange(v ? Number(v) : null)}
      searchable
      w={{ base: '100%', sm: 240 }}
      {...rest}
    />
  );
}

/** The foot of a form dialog: the neutral way out and "Simpan". */
export function ModalActions({
  onCancel,
  onSave,
  saving,
}: {
  onCancel: () => void;
  onSave: () => void;
  saving: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={onCancel}>
        {t('btq.cancel')}
      </Button>
      <Button onClick={onSave} loading={saving}>
        {t('btq.save')}
      </Button>
    </Group>
  );
}
