import { type SelectProps } from '@mantine/core';
import { DeferredSelect } from './deferred-select.tsx';
import { DIVISION_LABELS, STAFF_DIVISIONS, STUDENT_STATUSES } from '@mms/shared';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../lib/session.ts';
import {
  useAcademicYears,
  useClassGroups,
  useGrades,
  useSubjects,
  useTeachersLookup,
  useUnits,
} from '../features/school/api.ts';

type IdSelectProps = Omit<SelectProps, 'data' | 'value' | 'onChange'> & {
  value: number | null;
  onChange: (value: number | null) => void;
};

type TextSelectProps = Omit<SelectProps, 'data' | 'value' | 'onChange'> & {
  value: string | null;
  onChange: (v: string | null) => void;
};

const toId = (v: string | null) => (v ? Number(v) : null);
const fromId = (v: number | null | undefined) => (v ? String(v) : null);

/** The unit filter: staff of one unit see only theirs; YAYASAN and ADMIN may choose or take all. */
export function UnitSelect({ value, onChange, ...rest }: IdSelectProps) {
  const { t } = useTranslation();
  const units = useUnits();
  return (
    <DeferredSelect
      label={t('school.unit')}
      placeholder={t('school.allUnits')}
      data={(units.data?.items ?? []).map((u) => ({ value: String(u.id), label: `${u.code} – ${u.name}` }))}
      value={fromId(value)}
      onChange={(v) => onChange(toId(v))}
      clearable
      w={{ base: '100%', sm: 200 }}
      {...rest}
    />
  );
}

export function YearSelect({ value, onChange, ...rest }: IdSelectProps) {
  const { t } = useTranslation();
  const years = useAcademicYears();
  return (
    <DeferredSelect
      label={t('school.year')}
      data={(years.data?.items ?? []).map((y) => ({
        value: String(y.id),
        label: y.isActive ? `${y.name} ✓` : y.name,
      }))}
      value={fromId(value)}
      onChange={(v) => onChange(toId(v))}
      w={{ base: '100%', sm: 160 }}
      {...rest}
    />
  );
}

export function GradeSelect({ value, onChange, unitId, ...rest }: IdSelectProps & { unitId: number | null }) {
  const { t } = useTranslation();
  const grades = useGrades(unitId);
  return (
    <DeferredSelect
      label={t('school.grade')}
      placeholder={t('school.allGrades')}
      data={(grades.data?.items ?? []).map((g) => ({ value: String(g.id), label: g.name }))}
      value={fromId(value)}
      onChange={(v) => onChange(toId(v))}
      w={{ base: '100%', sm: 160 }}
      {...rest}
    />
  );
}

/** Class groups of a unit (and year), labelled with their year when years are mixed. */
export function ClassSelect({
  value,
  onChange,
  unitId,
  academicYearId,
  ...rest
}: IdSelectProps & { unitId?: number | null; academicYearId?: number | null }) {
  const { t } = useTranslation();
  const classes = useClassGroups({ unitId, academicYearId });
  return (
    <DeferredSelect
      label={t('school.class')}
      placeholder={t('school.allClasses')}
      searchable
      data={(classes.data?.items ?? []).map((c) => ({
        value: String(c.id),
        label: academicYearId ? c.name : `${c.name} (${c.academicYearName})`,
      }))}
      value={fromId(value)}
      onChange={(v) => onChange(toId(v))}
      w={{ base: '100%', sm: 200 }}
      {...rest}
    />
  );
}

export function TeacherSelect({ value, onChange, unitId, ...rest }: IdSelectProps & { unitId?: number | null }) {
  const { t } = useTranslation();
  const teachers = useTeachersLookup(unitId);
  return (
    <DeferredSelect
      label={t('school.teacher')}
      placeholder={t('school.choose')}
      searchable
      data={(teachers.data?.items ?? []).map((x) => ({
        value: String(x.id),
        label: x.code ? `${x.name} (${x.code})` : x.name,
      }))}
      value={fromId(value)}
      onChange={(v) => onChange(toId(v))}
      {...rest}
    />
  );
}

/** The subjects of a unit, as a filter (searchable, cleared: every subject). */
export function SubjectSelect({ value, onChange, unitId, ...rest }: IdSelectProps & { unitId: number | null }) {
  const { t } = useTranslation();
  const subjects = useSubjects(unitId);
  return (
    <DeferredSelect
      label={t('school.subject')}
      data={(subjects.data?.items ?? []).map((x) => ({ value: String(x.id), label: x.name }))}
      value={fromId(value)}
      onChange={(v) => onChange(toId(v))}
      searchable
      clearable
      w={{ base: '100%', sm: 200 }}
      {...rest}
    />
  );
}

export function StudentStatusSelect({ value, onChange, ...rest }: TextSelectProps) {
  const { t } = useTranslation();
  return (
    <DeferredSelect
      label={t('school.status')}
      placeholder={t('school.allStatuses')}
      data={STUDENT_STATUSES.map((s) => ({ value: s, label: t(`school.studentStatus.${s}`) }))}
      value={value}
      onChange={onChange}
      clearable
      w={{ base: '100%', sm: 150 }}
      {...rest}
    />
  );
}

/** The staff division filter of the employee lists. */
export function DivisionSelect({ value, onChange, ...rest }: TextSelectProps) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'id';
  return (
    <DeferredSelect
      label={t('school.employees.division')}
      placeholder={t('school.employees.allDivisions')}
      data={STAFF_DIVISIONS.map((d) => ({ value: d, label: DIVISION_LABELS[d][lang] }))}
      value={value}
      onChange={onChange}
      clearable
      w={{ base: '100%', sm: 180 }}
      {...rest}
    />
  );
}

/** Active or deactivated accounts (`active=true|false` of the employee lists); cleared = both. */
export function EmployeeActiveSelect({ value, onChange, ...rest }: TextSelectProps) {
  const { t } = useTranslation();
  return (
    <DeferredSelect
      label={t('school.employees.account')}
      placeholder={t('school.allStatuses')}
      data={[
        { value: 'true', label: t('school.employees.active') },
        { value: 'false', label: t('school.employees.inactive') },
      ]}
      value={value}
      onChange={onChange}
      clearable
      w={{ base: '100%', sm: 150 }}
      {...rest}
    />
  );
}

/** The unit a screen starts on: the user's own unit, or none (all) for foundation-wide roles. */
export function useDefaultUnitId(): number | null {
  return useCurrentUser().unit?.id ?? null;
}

/** The active academic year's id, once the years are loaded. */
export function useActiveYearId(): number | null {
  const years = useAcademicYears();
  return years.data?.items.find((y) => y.isActive)?.id ?? null;
}

/** The class and teacher filters of a list, within a unit and year (both clearable). */
export function ClassTeacherFilters(props: {
  unitId: number | null;
  academicYearId: number | null;
  classGroupId: number | null;
  onClassChange: (id: number | null) => void;
  employeeId: number | null;
  onTeacherChange: (id: number | null) => void;
}) {
  return (
    <>
      <ClassSelect
        value={props.classGroupId}
        onChange={props.onClassChange}
        unitId={props.unitId}
        academicYearId={props.academicYearId}
        clearable
      />
      <TeacherSelect
        value={props.employeeId}
        onChange={props.onTeacherChange}
        unitId={props.unitId}
        clearable
        w={{ base: '100%', sm: 240 }}
      />
    </>
  );
}
