import type { RuleImportResult } from '@mms/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ExcelImportButton } from '../../../components/excel-import-dialog.tsx';
import { apiForm } from '../../../lib/api.ts';

/** "Impor Excel" of the violation catalogue: the template, the upload, and every rejected row with its reason. */
export function RulesImportButton() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const upload = async (file: File) => {
    const form = new FormData();
    form.append('file', file);
    const result = await apiForm<RuleImportResult>('/discipline/rules/import', form);
    await client.invalidateQueries({ queryKey: ['/discipline/rules'] });
    return result;
  };
  return (
    <ExcelImportButton
      title={t('discipline.rules.importTitle')}
      templateHref="/api/v1/discipline/rules/import/template"
      upload={upload}
      doneText={(count) => t('discipline.rules.importDone', { count })}
    />
  );
}
