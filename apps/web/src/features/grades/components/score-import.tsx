import type { ScoreImportResult, ScoreSheetQuery } from '@mms/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ExcelImportButton } from '../../../components/excel-import-dialog.tsx';
import '../../../i18n/school/index.ts';
import { apiForm } from '../../../lib/api.ts';

/**
 * "Impor Excel" of a score sheet (issue 40 §5), for who may type in it: the sheet's own Excel export filled in
 * offline, uploaded whole; every rejected row is listed with its student, column and reason, and nothing is saved.
 */
export function ScoreImportButton({ query }: { query: ScoreSheetQuery }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const upload = async (file: File) => {
    const form = new FormData();
    form.append('file', file);
    const params = new URLSearchParams({
      classGroupId: String(query.classGroupId),
      subjectId: String(query.subjectId),
      semester: query.semester,
    });
    const result = await apiForm<ScoreImportResult>(`/scores/import?${params}`, form);
    await Promise.all([
      client.invalidateQueries({ queryKey: ['/scores/sheet'] }),
      client.invalidateQueries({ queryKey: ['/scores/recap'] }),
    ]);
    return result;
  };
  // how many scores the last upload changed, for the done message
  const saved = useRef(0);
  return (
    <ExcelImportButton
      title={t('grades.importTitle')}
      lead={t('grades.importLead')}
      upload={async (file) => {
        const r = await upload(file);
        saved.current = r.saved;
        return r;
      }}
      doneText={(count) => t('grades.importDone', { count, saved: saved.current })}
    />
  );
}
