import { Alert, Anchor, Button, FileInput, Group, List, Modal, Stack, Text } from '@mantine/core';
import { parseImportFieldKey } from '@mms/shared';
import { IconFileImport } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../i18n/index.ts';
import { isApiError } from '../../../lib/api.ts';
import { showSaved } from '../../../lib/dialogs.tsx';
import { notifyInfo } from '../../../lib/notify.ts';
import { useImportWorkbook, type ImportKind } from '../api.ts';
import { UnitSelect, useDefaultUnitId } from './pickers.tsx';

/** The problems of a rejected import, one line per row and column, in row order. */
function problemsOf(error: unknown, rowText: (row: number, column: string, message: string) => string): string[] {
  if (!isApiError(error)) return [];
  return Object.entries(error.fields)
    .map(([key, message]) => ({ at: parseImportFieldKey(key), key, message }))
    .sort((a, b) => (a.at?.row ?? 0) - (b.at?.row ?? 0))
    .map(({ at, key, message }) => (at ? rowText(at.row, at.column, message) : `${key}: ${message}`));
}

/**
 * "Impor Excel" on the student or staff list: template download, unit, upload, and every rejected row
 * with its column and reason.
 */
export function ExcelImportButton({ kind }: { kind: ImportKind }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [unitId, setUnitId] = useState<number | null>(useDefaultUnitId());
  const [file, setFile] = useState<File | null>(null);
  const importer = useImportWorkbook(kind);
  const texts = kind === 'students' ? 'school.import' : 'school.import.employees';
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
          <Anchor href={`/api/v1/${kind}/import/template`} download>
            {t('school.import.template')}
          </Anchor>
          <UnitSelect value={unitId} onChange={setUnitId} withAsterisk clearable={false} w="100%" />
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
              disabled={!unitId || !file}
              loading={importer.isPending}
              onClick={() =>
                unitId &&
                file &&
                importer.mutate(
                  { unitId, file },
                  {
                    onSuccess: (r) => {
                      notifyInfo(t(`${texts}.done`, { count: r.imported }));
                      close();
                      showSaved();
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
