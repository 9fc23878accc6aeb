import { Alert, Anchor, Button, FileInput, Group, List, Modal, Stack, Text } from '@mantine/core';
import { parseImportFieldKey } from '@mms/shared';
import { IconFileImport } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../i18n/index.ts';
import { isApiError } from '../../../lib/api.ts';
import { notifyInfo } from '../../../lib/notify.ts';
import { useImportWorkbook, type ImportKind } from '../api.ts';
import { UnitSelect, useDefaultUnitId } from '../../../components/pickers.tsx';

/** The problems of a rejected import, one line per row and column, in row order. */
function problemsOf(error: unknown, rowText: (row: number, column: string, message: string) => string): string[] {
  if (!isApiError(error)) return [];
  return Object.entries(error.fields)
    .map(([key, message]) => ({ at: parseImportFieldKey(key), key, message }))
    .sort((a, b) => (a.at?.row ?? 0) - (b.at?.row ?? 0))
    .map(({ at, key, message }) => (at ? rowText(at.row, at.column, message) : `${key}: ${message}`));
}

const TEXTS: Record<ImportKind, string> = {
  students: 'school.import',
  employees: 'school.import.employees',
  calendar: 'school.import.calendar',
};

/**
 * "Impor Excel" on the student, staff or calendar list: template download, unit, upload, and every
 * rejected row with its column and reason. `unitOptional`: no unit means the whole foundation.
 */
export function ExcelImportButton({ kind, unitOptional = false }: { kind: ImportKind; unitOptional?: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [unitId, setUnitId] = useState<number | null>(useDefaultUnitId());
  const [file, setFile] = useState<File | null>(null);
  const importer = useImportWorkbook(kind);
  const texts = TEXTS[kind];
  const problems = problemsOf(importer.error, (row, column, message) =>
    t('school.import.row', { row, column, message }),
  );
  const close = () => {
    setOpen(false);
    setFile(null);
    importer.reset();
  };
  return (
    <>
      <Button variant="light" leftSection={<IconFileImport size={16} aria-hidden />} onClick={() => setOpen(true)}>
        {t('school.import.button')}
      </Button>
      <Modal opened={open} onClose={close} title={t(`${texts}.title`)} size="lg">
        <Stack>
          <Text size="sm" c="dimmed">
            {t('school.import.lead')}
          </Text>
          {/* a unit's student template lists its classes in the Kelas dropdown */}
          <Anchor
            href={`/api/v1/${kind}/import/template${kind === 'students' && unitId ? `?unitId=${unitId}` : ''}`}
            download
          >
            {t('school.import.template')}
          </Anchor>
          <UnitSelect
            value={unitId}
            onChange={setUnitId}
            withAsterisk={!unitOptional}
            clearable={unitOptional}
            placeholder={unitOptional ? t('school.calendar.foundation') : undefined}
            w="100%"
          />
          <FileInput
            label={t('school.import.file')}
            accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            value={file}
            onChange={(f) => {
              setFile(f);
              importer.reset();
            }}
            clearable
            withAsterisk
          />
          {importer.isError && (
            <Alert color="red" role="alert" title={t('school.import.rejected', { count: problems.length || 1 })}>
              {problems.length > 0 ? (
                <List size="sm">
                  {problems.map((p) => (
                    <List.Item key={p}>{p}</List.Item>
                  ))}
                </List>
              ) : (
                errorText(importer.error)
              )}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('school.cancel')}
            </Button>
            <Button
              color="green"
              disabled={(!unitId && !unitOptional) || !file}
              loading={importer.isPending}
              onClick={() =>
                (unitId || unitOptional) &&
                file &&
                importer.mutate(
                  { unitId, file },
                  {
                    onSuccess: (r) => {
                      notifyInfo(t(`${texts}.done`, { count: r.imported }));
                      close();
                    },
                  },
                )
              }
            >
              {t('school.import.submit')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

export const StudentImportButton = () => <ExcelImportButton kind="students" />;
export const EmployeeImportButton = () => <ExcelImportButton kind="employees" />;
