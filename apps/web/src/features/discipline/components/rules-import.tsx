import { Alert, Anchor, Button, FileInput, Group, List, Modal, Stack, Text } from '@mantine/core';
import { parseImportFieldKey, type RuleImportResult } from '@mms/shared';
import { IconFileImport } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../i18n/index.ts';
import { apiForm, isApiError } from '../../../lib/api.ts';
import { notifyInfo } from '../../../lib/notify.ts';

/** "Impor Excel" of the violation catalogue: the template, the upload, and every rejected row with its reason. */
export function RulesImportButton() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const importer = useMutation({
    mutationFn: (f: File) => {
      const form = new FormData();
      form.append('file', f);
      return apiForm<RuleImportResult>('/discipline/rules/import', form);
    },
    onSuccess: () => client.invalidateQueries({ queryKey: ['/discipline/rules'] }),
  });
  const problems = isApiError(importer.error)
    ? Object.entries(importer.error.fields).map(([key, message]) => {
        const at = parseImportFieldKey(key);
        return at ? t('school.import.row', { row: at.row, column: at.column, message }) : `${key}: ${message}`;
      })
    : [];
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
      <Modal opened={open} onClose={close} title={t('discipline.rules.importTitle')} size="lg">
        <Stack>
          <Text size="sm">{t('school.import.lead')}</Text>
          <Anchor href="/api/v1/discipline/rules/import/template" download>
            {t('school.import.template')}
          </Anchor>
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
              {t('discipline.cancel')}
            </Button>
            <Button
              color="green"
              disabled={!file}
              loading={importer.isPending}
              onClick={() =>
                file &&
                importer.mutate(file, {
                  onSuccess: (r) => {
                    notifyInfo(t('discipline.rules.importDone', { count: r.imported }));
                    close();
                  },
                })
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
