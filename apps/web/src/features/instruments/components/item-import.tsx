import { Alert, Anchor, Button, FileInput, Group, List, Modal, Stack, Text } from '@mantine/core';
import { parseImportFieldKey } from '@mms/shared';
import { IconFileImport } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../i18n/index.ts';
import { isApiError } from '../../../lib/api.ts';
import { notifyInfo } from '../../../lib/notify.ts';
import { useImportItems } from '../api.ts';

/** "Impor butir dari Excel": the template (with the current items), the upload, and every rejected row. */
export function ItemImportButton({ instrumentId, onImported }: { instrumentId: number; onImported: () => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const importer = useImportItems(instrumentId);
  const problems = isApiError(importer.error)
    ? Object.entries(importer.error.fields)
        .map(([key, message]) => ({ at: parseImportFieldKey(key), key, message }))
        .sort((a, b) => (a.at?.row ?? 0) - (b.at?.row ?? 0))
        .map(({ at, key, message }) =>
          at ? t('instruments.import.row', { row: at.row, column: at.column, message }) : `${key}: ${message}`,
        )
    : [];
  const close = () => {
    setOpen(false);
    setFile(null);
    importer.reset();
  };
  return (
    <>
      <Button variant="light" leftSection={<IconFileImport size={16} aria-hidden />} onClick={() => setOpen(true)}>
        {t('instruments.import.button')}
      </Button>
      <Modal opened={open} onClose={close} title={t('instruments.import.title')} size="lg">
        <Stack>
          <Text size="sm">{t('instruments.import.lead')}</Text>
          <Anchor href={`/api/v1/instruments/items-import/template?instrumentId=${instrumentId}`} download>
            {t('instruments.import.template')}
          </Anchor>
          <FileInput
            label={t('instruments.import.file')}
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
            <Alert color="red" role="alert" title={t('instruments.import.rejected', { count: problems.length || 1 })}>
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
              {t('instruments.import.cancel')}
            </Button>
            <Button
              color="green"
              disabled={!file}
              loading={importer.isPending}
              onClick={() =>
                file &&
                importer.mutate(file, {
                  onSuccess: (r) => {
                    notifyInfo(t('instruments.import.done', { count: r.imported }));
                    close();
                    onImported();
                  },
                })
              }
            >
              {t('instruments.import.submit')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
