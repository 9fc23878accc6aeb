import { MultiSelect, type MultiSelectProps } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import '@mantine/core/styles/Pill.css';
import '@mantine/core/styles/PillsInput.css';
import '../../../i18n/learning-objectives/index.ts';
import { useObjectives } from '../api.ts';

export interface ObjectivePickerProps extends Omit<MultiSelectProps, 'data' | 'value' | 'onChange'> {
  /** whose TPs: the column's subject and its class's grade (none yet: the picker waits) */
  subjectId: number | null;
  gradeId: number | null;
  value: number[];
  onChange: (objectiveIds: number[]) => void;
}

/**
 * The TP picker (issue 40) for where a score column or a question is made: the TPs of its subject and grade in the
 * active school year, by code and wording, several at once, searchable. The grades feature puts it in its column form
 * and saves the choice with `useTagColumn` (api.ts) once the column has its id.
 */
export function ObjectivePicker({ subjectId, gradeId, value, onChange, ...rest }: ObjectivePickerProps) {
  const { t } = useTranslation();
  const list = useObjectives(subjectId && gradeId ? { subjectId, gradeId } : null);
  const data = useMemo(
    () => (list.data?.items ?? []).map((o) => ({ value: String(o.id), label: `${o.code} – ${o.description}` })),
    [list.data],
  );
  return (
    <MultiSelect
      label={t('tp.picker')}
      placeholder={data.length ? t('tp.pickerPlaceholder') : undefined}
      description={t('tp.pickerHint')}
      nothingFoundMessage={t('tp.pickerEmpty')}
      data={data}
      searchable
      clearable
      value={value.map(String)}
      onChange={(ids) => onChange(ids.map(Number))}
      disabled={list.isLoading || rest.disabled}
      {...rest}
    />
  );
}
