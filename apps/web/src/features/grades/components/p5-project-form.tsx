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
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GradeSelect, useDefaultUnitId } from '../../../components/pickers.tsx';
import { isApiError } from '../../../lib/api.ts';
import { issueErrors, messageText } from '../../../lib/validation.ts';
import { serverToday } from '../../../lib/clock.ts';
import { notifyDone, notifyError } from '../../../lib/notify.ts';
import { useUnsavedChanges } from '../../../lib/unsaved-changes.tsx';
import { useSaveP5Project } from '../api.ts';

/** Plans a P5 project (WAKAKUR): grade, semester, theme, title, description and the dimensions it assesses. */
/** The server's field errors in the reader's language. */
const serverErrors = (fields: Record<string, string>) =>
  Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, messageText(v)]));

export function P5ProjectForm({ project, onDone }: { project: P5Project | null; onDone: () => void }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'id';
  const unitId = useDefaultUnitId();
  const save = useSaveP5Project();
  const [gradeId, setGradeId] = useState<number | null>(project?.gradeId ?? null);
  const [semester, setSemester] = useState<Semester>(project?.semester ?? academicPeriodOfDate(serverToday()).semester);
  const [theme, setTheme] = useState(project?.theme ?? '');
  const [title, setTitle] = useState(project?.title ?? '');
  const [description, setDescription] = useState(project?.description ?? '');
  const [dimensions, setDimensions] = useState<P5Dimension[]>(project?.dimensions ?? []);
  const [errors, setErrors] = useState<Record<string, string>>({});
  useUnsavedChanges(title !== (project?.title ?? '') || theme !== (project?.theme ?? ''));

  async function submit() {
    const parsed = P5ProjectInput.safeParse({
      gradeId: gradeId ?? Number.NaN,
      semester,
      theme,
      title,
      description: description.trim() || null,
      dimensions,
    });
    if (!parsed.success) {
      setErrors(issueErrors(parsed.error, 'first'));
      return;
    }
    setErrors({});
    try {
      await save.mutateAsync({ id: project?.id ?? null, body: parsed.data });
      notifyDone('saved', parsed.data.title);
      onDone();
    } catch (error) {
      if (isApiError(error)) setErrors(serverErrors(error.fields));
      notifyError(error);
    }
  }

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <Stack gap="sm">
        <GradeSelect
          label={t('grades.p5.grade')}
          unitId={unitId}
          value={gradeId}
          onChange={setGradeId}
          error={errors.gradeId}
          withAsterisk
        />
        <div>
          <Text size="sm" fw={500} id="p5-semester" mb={4}>
            {t('grades.p5.semester')}
          </Text>
          <SegmentedControl
            aria-labelledby="p5-semester"
            data={SEMESTERS.map((s) => ({ value: s, label: t(`grades.semesters.${s}`) }))}
            value={semester}
            onChange={(v) => setSemester(v as Semester)}
          />
        </div>
        <Autocomplete
          label={t('grades.p5.theme')}
          data={[...P5_THEMES]}
          value={theme}
          onChange={setTheme}
          error={errors.theme}
          maxLength={100}
          withAsterisk
        />
        <TextInput
          label={t('grades.p5.projectTitle')}
          value={title}
          onChange={(e) => setTitle(e.currentTarget.value)}
          error={errors.title}
          maxLength={150}
          withAsterisk
        />
        <Textarea
          label={t('grades.p5.description')}
          value={description}
          onChange={(e) => setDescription(e.currentTarget.value)}
          error={errors.description}
          maxLength={2000}
          autosize
          minRows={2}
        />
        <Checkbox.Group
          label={t('grades.p5.dimensions')}
          value={dimensions}
          onChange={(v) => setDimensions(v as P5Dimension[])}
          error={errors.dimensions}
          withAsterisk
        >
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
