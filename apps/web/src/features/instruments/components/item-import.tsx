import { useTranslation } from 'react-i18next';
import { ExcelImportButton } from '../../../components/excel-import-dialog.tsx';
import { useImportItems } from '../api.ts';

/** "Impor butir dari Excel": the template (with the current items), the upload, and every rejected row. */
export function ItemImportButton({ instrumentId, onImported }: { instrumentId: number; onImported: () => void }) {
  const { t } = useTranslation();
  const upload = useImportItems(instrumentId);
  return (
    <ExcelImportButton
      title={t('instruments.import.title')}
      button={t('instruments.import.button')}
      lead={t('instruments.import.lead')}
      templateHref={`/api/v1/instruments/items-import/template?instrumentId=${instrumentId}`}
      templateText={t('instruments.import.template')}
      upload={upload}
      doneText={(count) => t('instruments.import.done', { count })}
      onDone={onImported}
    />
  );
}
