import { Button, Menu } from '@mantine/core';
import type { Semester } from '@mms/shared';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadServerExport } from '../../../components/data-list/export-xlsx.ts';
import { notifyError } from '../../../lib/notify.ts';

/**
 * "Ekspor e-Rapor": one subject's final scores and descriptions of the class and semester, in the columns e-Rapor's
 * import is pasted in (docs/ministry-exports.md); the subjects are the rapor's.
 */
export function ERaporExportButton({
  classId,
  className,
  semester,
  subjects,
}: {
  classId: number | null;
  className: string;
  semester: Semester;
  subjects: readonly { subjectId: number; name: string }[];
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  async function download(subjectId: number, name: string) {
    if (classId === null) return;
    setBusy(true);
    try {
      await downloadServerExport(
        '/ministry',
        { classGroupId: classId, subjectId, semester },
        `erapor-${className}-${name}-${semester}.xlsx`,
        'erapor',
      );
    } catch {
      notifyError(new Error(t('rapor.eraporFailed')));
    } finally {
      setBusy(false);
    }
  }
  return (
    <Menu position="bottom-end">
      <Menu.Target>
        <Button
          variant="default"
          leftSection={<IconFileSpreadsheet size={16} aria-hidden />}
          disabled={classId === null || subjects.length === 0}
          loading={busy}
          title={t('rapor.eraporHint')}
        >
          {t('rapor.erapor')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {subjects.map((s) => (
          <Menu.Item key={s.subjectId} onClick={() => void download(s.subjectId, s.name)}>
            {s.name}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
