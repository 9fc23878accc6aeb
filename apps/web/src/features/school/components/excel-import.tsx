import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ExcelImportButton as ExcelImportDialogButton } from '../../../components/excel-import-dialog.tsx';
import { UnitSelect, useDefaultUnitId } from '../../../components/pickers.tsx';
import { useImportWorkbook, type ImportKind } from '../api.ts';

const TEXTS: Record<ImportKind, string> = {
  students: 'school.import',
  employees: 'school.import.employees',
  calendar: 'school.import.calendar',
};

/**
 * "Impor Excel" on the student, staff or calendar list: template download, unit, upload, and every
 * rejected row with its column and reason. `unitOptional`: no unit means the whole foundation.
 */
export function ExcelImportButton({ kind, unitOptional = false }: { kind: ImportKind; unitOptional?: boolean }) {
  const { t } = useTranslation();
  const [unitId, setUnitId] = useState<number | null>(useDefaultUnitId());
  const send = useImportWorkbook(kind);
  const texts = TEXTS[kind];
  return (
    <ExcelImportDialogButton
      title={t(`${texts}.title`)}
      // a unit's student template lists its classes in the Kelas dropdown
      templateHref={`/api/v1/${kind}/import/template${kind === 'students' && unitId ? `?unitId=${unitId}` : ''}`}
      upload={(file) => send(unitId, file)}
      doneText={(count) => t(`${texts}.done`, { count })}
      ready={!!unitId || unitOptional}
      extra={
        <UnitSelect
          value={unitId}
          onChange={setUnitId}
          withAsterisk={!unitOptional}
          clearable={unitOptional}
          placeholder={unitOptional ? t('school.calendar.foundation') : undefined}
          w="100%"
        />
      }
    />
  );
}

export const StudentImportButton = () => <ExcelImportButton kind="students" />;
export const EmployeeImportButton = () => <ExcelImportButton kind="employees" />;
