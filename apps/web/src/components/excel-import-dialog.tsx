import { Alert, Anchor, Button, FileInput, Group, List, Modal, Stack, Text } from '@mantine/core';
import { parseImportFieldKey } from '@mms/shared';
import { IconFileImport } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../i18n/index.ts';
import { isApiError } from '../lib/api.ts';
import { notifyInfo } from '../lib/notify.ts';

/** The problems of a rejected import, one line per row and column, in row order. */
export function importProblems(error: unknown, rowText: (row: number, column: string, message: string) => string) {
  if (!isApiError(error)) return [];
  return Object.entries(error.fields)
    .map(([key, message]) => ({ at: parseImportFieldKey(key), key, message }))
    .sort((a, b) => (a.at?.row ?? 0) - (b.at?.row ?? 0))
    .map(({ at, key, message }) => (at ? rowText(at.row, at.column, message) : `${key}: ${message}`));
}

export interface ExcelImportProps {
  /** the dialog's title (the button reads "Impor Excel" unless `button` says otherwise) */
  title: string;
  button?: string;
  /** what the import does, above the template link */
  lead?: string;
  /** the template to fill; none when the file to fill is the screen's own export (the dialog's lead says so) */
  templateHref?: string;
  templateText?: string;
  /** sends the file; resolves with how many rows were imported (all or nothing: a rejection lists every row) */
  upload: (file: File) => Promise<{ imported: number }>;
  doneText: (count: number) => string;
  /** fields between the template and the file, such as a unit */
  extra?: ReactNode;
  /** false while `extra` still needs a choice */
  ready?: boolean;
  onDone?: () => void;
}

/**
 * "Impor Excel" of a list: the template, the upload, and every rejected row with its column and reason; one
 * dialog for every Excel import of the web app.
 */
export function ExcelImportButton({
  title,
  button,
  lead,
  templateHref,
  templateText,
  upload,
  doneText,
  extra,
  ready = true,
  onDone,
}: ExcelImportProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  // silent: the dialog shows the rejection itself
  const importer = useMutation({ mutationFn: upload, meta: { silent: true } });
  const problems = importProblems(importer.error, (row, column, message) =>
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
        {button ?? t('school.import.button')}
      </Button>
      <Modal opened={open} onClose={close} title={title} size="lg">
        <Stack>
          <Text size="sm">{lead ?? t('school.import.lead')}</Text>
          {templateHref && (
            <Anchor href={templateHref} download>
              {templateText ?? t('school.import.template')}
            </Anchor>
          )}
          {extra}
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
              disabled={!ready || !file}
              loading={importer.isPending}
              onClick={() =>
                ready &&
                file &&
                importer.mutate(file, {
                  onSuccess: (r) => {
                    notifyInfo(doneText(r.imported));
                    close();
                    onDone?.();
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
