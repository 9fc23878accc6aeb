import { Button } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../lib/notify.ts';
import '../../i18n/list/index.ts';

/** The "Ekspor Excel" button: busy while the file is made, a failure becomes a notification. */
export function ExportButton({
  onExport,
  label,
  disabled,
}: {
  onExport: () => Promise<void>;
  label?: string;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const [exporting, setExporting] = useState(false);
  const run = async () => {
    setExporting(true);
    try {
      await onExport();
    } catch (e) {
      notifyError(e);
    } finally {
      setExporting(false);
    }
  };
  return (
    <Button
      variant="light"
      color="green"
      leftSection={<IconFileSpreadsheet size={16} aria-hidden />}
      onClick={() => void run()}
      loading={exporting}
      disabled={disabled}
    >
      {label ?? t('list.export')}
    </Button>
  );
}
