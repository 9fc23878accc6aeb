import { Paper, Select, SimpleGrid, Stack, Textarea, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/date-fields.tsx';
import type { FormField, FormValues } from '../form.ts';

const SECTIONS: { key: 'identity' | 'parents' | 'school'; fields: FormField[] }[] = [
  {
    key: 'identity',
    fields: ['name', 'gender', 'nik', 'nisn', 'birthPlace', 'birthDate', 'religion', 'address', 'phone', 'email'],
  },
  {
    key: 'parents',
    fields: [
      'fatherName',
      'fatherPhone',
      'fatherJob',
      'motherName',
      'motherPhone',
      'motherJob',
      'guardianName',
      'guardianPhone',
      'guardianRelation',
    ],
  },
  { key: 'school', fields: ['previousSchool', 'previousSchoolNpsn', 'boarding', 'program', 'notes'] },
];

const NUMERIC = new Set<FormField>(['nik', 'nisn', 'previousSchoolNpsn']);
const PHONES = new Set<FormField>(['phone', 'fatherPhone', 'motherPhone', 'guardianPhone']);

/**
 * The applicant's form, the same for the parents (phone first: one column on a phone) and the staff. Controlled:
 * the page holds the values and the errors (from the shared contract, or the server's fields).
 */
export function ApplicantFormFields(props: {
  values: FormValues;
  errors: Record<string, string>;
  onChange: (field: FormField, value: string) => void;
  readOnly?: boolean;
}) {
  const { t } = useTranslation();
  const { values, errors, onChange, readOnly } = props;
  const field = (f: FormField) => {
    const common = { label: t(`adm.f.${f}`), error: errors[f], readOnly, required: f === 'name' };
    if (f === 'gender' || f === 'boarding') {
      const data =
        f === 'gender'
          ? (['L', 'P'] as const).map((v) => ({ value: v, label: t(`adm.gender.${v}`) }))
          : (['MUKIM', 'NON_MUKIM'] as const).map((v) => ({ value: v, label: t(`adm.boarding.${v}`) }));
      return (
        <Select
          key={f}
          {...common}
          data={data}
          value={values[f] || null}
          onChange={(v) => onChange(f, v ?? '')}
          clearable={!readOnly}
          disabled={readOnly}
        />
      );
    }
    if (f === 'birthDate')
      return (
        <DateField
          key={f}
          {...common}
          w="100%"
          value={values[f]}
          onChange={(v) => onChange(f, v)}
          clearable
          disabled={readOnly}
        />
      );
    if (f === 'address' || f === 'notes')
      return (
        <Textarea
          key={f}
          {...common}
          autosize
          minRows={2}
          value={values[f]}
          onChange={(e) => onChange(f, e.currentTarget.value)}
        />
      );
    return (
      <TextInput
        key={f}
        {...common}
        value={values[f]}
        inputMode={NUMERIC.has(f) ? 'numeric' : PHONES.has(f) ? 'tel' : undefined}
        type={f === 'email' ? 'email' : PHONES.has(f) ? 'tel' : 'text'}
        autoComplete={f === 'name' ? 'name' : f === 'phone' ? 'tel' : undefined}
        onChange={(e) => onChange(f, e.currentTarget.value)}
      />
    );
  };
  return (
    <Stack>
      {SECTIONS.map((s) => (
        <Paper key={s.key} withBorder p="md" radius="md">
          <Title order={2} fz="h4" mb="sm">
            {t(`adm.sections.${s.key}`)}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>{s.fields.map(field)}</SimpleGrid>
        </Paper>
      ))}
    </Stack>
  );
}
