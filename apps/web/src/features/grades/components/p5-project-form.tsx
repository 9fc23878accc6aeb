import {
  Autocomplete,
  Button,
  Checkbox,
  Group,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import {
  P5_DIMENSIONS,
  P5_DIMENSION_LABELS,
  P5_THEMES,
  P5ProjectInput,
  SEMESTERS,
  academicPeriodOfDate,
  type P5Dimension,
  type P5Project,
  type Semester,
} from '@mms/shared';
import { useTranslation } from 'react-i18next';
import { GradeSelect, useDefaultUnitId } from '../../../components/pickers.tsx';
import { serverToday } from '../../../lib/clock.ts';
import { useContractForm } from '../../../lib/contract-form.ts';
import { notifyDone } from '../../../lib/notify.ts';
import { useUnsavedChanges } from '../../../lib/unsaved-changes.tsx';
import { useSaveP5Project } from '../api.ts';

interface Values {
  gradeId: number | null;
  semester: Semester;
  theme: string;
  title: string;
  description: string;
  dimensions: P5Dimension[];
}

/** Plans a P5 project (WAKAKUR): grade, semester, theme, title, description and the dimensions it assesses. */
export function P5ProjectForm({ project, onDone }: { project: P5Project | null; onDone: () => void }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'id';
  const unitId = useDefaultUnitId();
  const save = useSaveP5Project();
  const { form, field, submit } = useContractForm<typeof P5ProjectInput, Values>(
    P5ProjectInput,
    {
      gradeId: project?.gradeId ?? null,
      semester: project?.semester ?? academicPeriodOfDate(serverToday()).semester,
      theme: project?.theme ?? '',
      title: project?.title ?? '',
      description: project?.description ?? '',
      dimensions: project?.dimensions ?? [],
    },
    {
      prepare: (v) => ({ ...v, gradeId: v.gradeId ?? Number.NaN, description: v.description.trim() || null }),
    },
  );
  const semester = field('semester');
  const { dirtyFields } = form.formState;
  useUnsavedChanges(Boolean(dirtyFields.title || dirtyFields.theme));
  const onSubmit = submit(async (body) => {
    await save.mutateAsync({ id: project?.id ?? null, body });
    notifyDone('saved', body.title);
    onDone();
  });

  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)}>
      <Stack gap="sm">
        <GradeSelect label={t('grades.p5.grade')} unitId={unitId} {...field('gradeId')} withAsterisk />
        <div>
          <Text size="sm" fw={500} id="p5-semester" mb={4}>
            {t('grades.p5.semester')}
          </Text>
          <SegmentedControl
            aria-labelledby="p5-semester"
            data={SEMESTERS.map((s) => ({ value: s, label: t(`grades.semesters.${s}`) }))}
            value={semester.value}
            onChange={semester.onChange}
          />
        </div>
        <Autocomplete
          label={t('grades.p5.theme')}
          data={[...P5_THEMES]}
          {...field('theme')}
          maxLength={100}
          withAsterisk
        />
        <TextInput label={t('grades.p5.projectTitle')} {...field('title')} maxLength={150} withAsterisk />
        <Textarea label={t('grades.p5.description')} {...field('description')} maxLength={2000} autosize minRows={2} />
        <Checkbox.Group label={t('grades.p5.dimensions')} {...field('dimensions')} withAsterisk>
          <Stack gap={6} mt={6}>
            {P5_DIMENSIONS.map((d) => (
              <Checkbox key={d} value={d} label={P5_DIMENSION_LABELS[d][lang]} />
            ))}
          </Stack>
        </Checkbox.Group>
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            {t('grades.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
