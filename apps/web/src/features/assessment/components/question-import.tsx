import { Alert, Anchor, Button, FileInput, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { parseQuestionFieldKey } from '@mms/shared';
import { IconFileImport } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataList } from '../../../components/data-list/data-list.tsx';
import { errorText } from '../../../i18n/index.ts';
import { isApiError } from '../../../lib/api.ts';
import { notifyInfo } from '../../../lib/notify.ts';
import { useImportQuestions, useQuestionChoices, type QuestionFileFormat } from '../api.ts';

export interface ImportProblem {
  /** the question's number in the file; null for a problem of the whole file */
  no: number | null;
  field: string;
  message: string;
}

/** The problems of a rejected import, in question order ("soal 3: Kunci" -> 3, "Kunci"). */
export function importProblems(error: unknown): ImportProblem[] {
  if (!isApiError(error)) return [];
  return Object.entries(error.fields)
    .map(([key, message]) => {
      const at = parseQuestionFieldKey(key);
      return at ? { no: at.no, field: at.field, message } : { no: null, field: key, message };
    })
    .sort((a, b) => (a.no ?? 0) - (b.no ?? 0) || a.field.localeCompare(b.field));
}

/** Every problem of a rejected import in a table: question number, field, message. */
export function ImportErrorTable({ problems }: { problems: ImportProblem[] }) {
  const { t } = useTranslation();
  return (
    <DataList<ImportProblem>
      label={t('qbank.io.rejected', { count: problems.length })}
      records={problems}
      rowId={(p) => `${p.no}:${p.field}`}
      columns={[
        { accessor: 'no', title: t('qbank.io.errorNo'), width: 90, render: (p) => p.no ?? '-' },
        { accessor: 'field', title: t('qbank.io.errorField'), width: 170 },
        { accessor: 'message', title: t('qbank.io.errorMessage') },
      ]}
    />
  );
}

const ACCEPT: Record<QuestionFileFormat, string> = {
  xlsx: '.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  docx: '.docx,application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

/** "Impor Excel" / "Impor Word" of the bank: subject and grade, the file, and every problem in a table. */
export function QuestionImportButton({ format }: { format: QuestionFileFormat }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [pair, setPair] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const choices = useQuestionChoices();
  const importer = useImportQuestions(format);
  const problems = importProblems(importer.error);
  const close = () => {
    setOpen(false);
    setFile(null);
    importer.reset();
  };
  const label = format === 'xlsx' ? t('qbank.io.importXlsx') : t('qbank.io.importDocx');
  return (
    <>
      <Button variant="light" leftSection={<IconFileImport size={16} aria-hidden />} onClick={() => setOpen(true)}>
        {label}
      </Button>
      <Modal
        opened={open}
        onClose={close}
        title={format === 'xlsx' ? t('qbank.io.titleXlsx') : t('qbank.io.titleDocx')}
        size="lg"
      >
        <Stack>
          <Text size="sm" c="dimmed">
            {t('qbank.io.lead')} {format === 'docx' && t('qbank.io.leadDocx')}
          </Text>
          <Anchor href={`/api/v1/questions/template/${format}`} download size="sm">
            {format === 'xlsx' ? t('qbank.io.templateXlsx') : t('qbank.io.templateDocx')}
          </Anchor>
          <Select
            label={t('qbank.subjectGrade')}
            data={(choices.data?.items ?? []).map((p) => ({
              value: `${p.subjectId}:${p.gradeId}`,
              label: `${p.subjectName} · ${p.gradeName}`,
            }))}
            value={pair}
            onChange={setPair}
            searchable
            withAsterisk
          />
          <FileInput
            label={t('qbank.io.file')}
            accept={ACCEPT[format]}
            value={file}
            onChange={(f) => {
              setFile(f);
              importer.reset();
            }}
            clearable
            withAsterisk
          />
          {importer.isError && (
            <Alert color="red" role="alert" title={t('qbank.io.rejected', { count: problems.length || 1 })}>
              {problems.length > 0 ? <ImportErrorTable problems={problems} /> : errorText(importer.error)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('qbank.io.cancel')}
            </Button>
            <Button
              disabled={!pair || !file}
              loading={importer.isPending}
              onClick={() => {
                if (!pair || !file) return;
                const [subjectId, gradeId] = pair.split(':').map(Number) as [number, number];
                importer.mutate(
                  { subjectId, gradeId, file },
                  {
                    onSuccess: (r) => {
                      notifyInfo(t('qbank.io.done', { count: r.imported }));
                      close();
                    },
                  },
                );
              }}
            >
              {t('qbank.io.submit')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
