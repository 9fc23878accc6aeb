import { Button, Menu } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadServerExport } from '../../../components/data-list/export-xlsx.ts';
import { notifyError } from '../../../lib/notify.ts';

/** "Ekspor Dapodik": the unit's students or rombel of the active year in Dapodik's columns (docs/ministry-exports.md). */
export function DapodikExportButton({ unitId }: { unitId: number | null }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  async function download(kind: 'students' | 'rombel') {
    setBusy(true);
    try {
      const query: Record<string, number> = unitId === null ? {} : { unitId };
      await downloadServerExport(
        '/ministry/dapodik',
        query,
        kind === 'students' ? 'dapodik-peserta-didik.xlsx' : 'dapodik-rombel.xlsx',
        kind,
      );
    } catch {
      notifyError(new Error(t('school.dapodik.failed')));
    } finally {
      setBusy(false);
    }
  }
  return (
    <Menu position="bottom-end">
      <Menu.Target>
        <Button variant="default" leftSection={<IconFileSpreadsheet size={16} aria-hidden />} loading={busy}>
          {t('school.dapodik.button')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={() => void download('students')}>{t('school.dapodik.students')}</Menu.Item>
        <Menu.Item onClick={() => void download('rombel')}>{t('school.dapodik.rombel')}</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
