import { Alert, Button, Group, NumberInput, Select, Stack, Text, Textarea, Title } from '@mantine/core';
import { ExamExtendInput, ExamReasonInput, ExamReopenInput, type ExamPin, type ExamTaker } from '@mms/shared';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../i18n/index.ts';
import { confirmDialog } from '../../../lib/dialogs.tsx';
import { notifyInfo } from '../../../lib/notify.ts';
import { FormModal, useUnsavedChanges } from '../../../lib/unsaved-changes.tsx';
import { issueErrors } from '../../../lib/validation.ts';
import { useAttemptStep, useExtendTime } from '../api.ts';
import { clockText } from '../control-model.ts';

/** What the proctor is doing to a row (or a class) of the board. */
export type ControlAction =
  | { type: 'extend'; taker: ExamTaker }
  | { type: 'extendClass'; classGroupId: number | null }
  | { type: 'force'; taker: ExamTaker }
  | { type: 'reopen'; taker: ExamTaker }
  | { type: 'pin'; taker: ExamTaker; pin: ExamPin };

interface DialogProps {
  assessmentId: number;
  action: ControlAction | null;
  classes: { id: number; name: string }[];
  onClose: () => void;
}

function titleOf(action: ControlAction | null, t: (key: string, o?: Record<string, unknown>) => string): string {
  if (!action) return '';
  if (action.type === 'extendClass') return t('examControl.extendForClass');
  if (action.type === 'pin') return t('examControl.pinTitle');
  const key = { extend: 'extendFor', force: 'forceFor', reopen: 'reopenFor' }[action.type];
  return t(`examControl.${key}`, { name: action.taker.name });
}

/** The dialog of the action under way: its form, or the PIN to tell the student. */
export function ControlActionDialog({ assessmentId, action, classes, onClose }: DialogProps) {
  const { t } = useTranslation();
  return (
    <FormModal opened={action !== null} onClose={onClose} title={titleOf(action, t)} centered>
      {action?.type === 'extend' && (
        <ExtendForm assessmentId={assessmentId} studentIds={[action.taker.studentId]} onDone={onClose} />
      )}
      {action?.type === 'extendClass' && (
        <ExtendForm
          assessmentId={assessmentId}
          classes={classes}
          initialClassGroupId={action.classGroupId}
          onDone={onClose}
        />
      )}
      {(action?.type === 'force' || action?.type === 'reopen') && (
        <AttemptStepForm step={action.type} assessmentId={assessmentId} taker={action.taker} onDone={onClose} />
      )}
      {action?.type === 'pin' && <PinView taker={action.taker} pin={action.pin} onDone={onClose} />}
    </FormModal>
  );
}

function ReasonField({ value, onChange, error }: { value: string; onChange: (v: string) => void; error?: string }) {
  const { t } = useTranslation();
  return (
    <Textarea
      label={t('examControl.reason')}
      description={t('examControl.reasonHint')}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      error={error}
      autosize
      minRows={2}
      required
    />
  );
}

function MinutesField({
  value,
  onChange,
  error,
}: {
  value: number | '';
  onChange: (v: number | '') => void;
  error?: string;
}) {
  const { t } = useTranslation();
  return (
    <NumberInput
      label={t('examControl.minutes')}
      value={value}
      onChange={(v) => onChange(typeof v === 'number' ? v : '')}
      min={1}
      max={240}
      allowDecimal={false}
      error={error}
      required
      w={160}
    />
  );
}

/** A dialog's form: its fields, the server's refusal next to what was typed, Cancel and the action. */
function DialogForm({
  onSubmit,
  onCancel,
  error,
  label,
  pending,
  color,
  children,
}: {
  onSubmit: () => void;
  onCancel: () => void;
  error: unknown;
  label: string;
  pending: boolean;
  color?: string | undefined;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
      noValidate
    >
      <Stack gap="sm">
        {children}
        {!!error && (
          <Alert color="red" role="alert">
            {errorText(error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('dialog.cancel')}
          </Button>
          <Button type="submit" loading={pending} color={color}>
            {label}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Minutes typed, or NaN for an empty field (the contract's check then says a number is needed). */
const minutesOf = (minutes: number | '') => (minutes === '' ? Number.NaN : minutes);

/** More time for one student (from the row) or a whole class (chosen here). */
function ExtendForm({
  assessmentId,
  studentIds,
  classes,
  initialClassGroupId = null,
  onDone,
}: {
  assessmentId: number;
  studentIds?: number[];
  classes?: { id: number; name: string }[];
  initialClassGroupId?: number | null;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const extend = useExtendTime(assessmentId);
  const [minutes, setMinutes] = useState<number | ''>(5);
  const [reason, setReason] = useState('');
  const [classGroupId, setClassGroupId] = useState<number | null>(initialClassGroupId);
  const [errors, setErrors] = useState<Record<string, string>>({});
  useUnsavedChanges(reason.trim() !== '');
  const submit = () => {
    const who = studentIds ? { studentIds } : classGroupId !== null ? { classGroupId } : {};
    const parsed = ExamExtendInput.safeParse({ minutes: minutesOf(minutes), reason, ...who });
    if (!parsed.success) {
      const found = issueErrors(parsed.error, 'first');
      if (!studentIds && found.studentIds) found.classGroupId = t('examControl.pickClass');
      return setErrors(found);
    }
    setErrors({});
    extend.mutate(parsed.data, {
      onSuccess: (r) => {
        notifyInfo(t('examControl.extendDone', { n: r.affected }));
        onDone();
      },
    });
  };
  return (
    <DialogForm
      onSubmit={submit}
      onCancel={onDone}
      error={extend.error}
      label={t('examControl.actions.extend')}
      pending={extend.isPending}
    >
      {classes && (
        <Select
          label={t('examControl.classToExtend')}
          placeholder={t('examControl.classPlaceholder')}
          data={classes.map((c) => ({ value: String(c.id), label: c.name }))}
          value={classGroupId === null ? null : String(classGroupId)}
          onChange={(v) => setClassGroupId(v ? Number(v) : null)}
          error={errors.classGroupId}
          required
        />
      )}
      <MinutesField value={minutes} onChange={setMinutes} error={errors.minutes} />
      <ReasonField value={reason} onChange={setReason} error={errors.reason} />
    </DialogForm>
  );
}

const STEPS = {
  force: {
    path: 'force-submit',
    title: 'examControl.forceTitle',
    confirm: 'examControl.forceConfirm',
    verb: 'examControl.actions.forceSubmit',
    done: 'examControl.forced',
  },
  reopen: {
    path: 'reopen',
    title: 'examControl.reopenTitle',
    confirm: 'examControl.reopenConfirm',
    verb: 'examControl.actions.reopen',
    done: 'examControl.reopened',
  },
} as const;

/**
 * Force-submitting (a reason; red, it ends the student's work) or reopening (a reason and minutes) one attempt:
 * checked, then asked once more in a confirmation naming the student.
 */
function AttemptStepForm({
  step,
  assessmentId,
  taker,
  onDone,
}: {
  step: keyof typeof STEPS;
  assessmentId: number;
  taker: ExamTaker;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const s = STEPS[step];
  const run = useAttemptStep(assessmentId);
  const [minutes, setMinutes] = useState<number | ''>(10);
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  useUnsavedChanges(reason.trim() !== '');
  const submit = () => {
    const parsed =
      step === 'reopen'
        ? ExamReopenInput.safeParse({ reason, minutes: minutesOf(minutes) })
        : ExamReasonInput.safeParse({ reason });
    if (!parsed.success) return setErrors(issueErrors(parsed.error, 'first'));
    setErrors({});
    const body = parsed.data;
    confirmDialog({
      title: t(s.title),
      text: t(s.confirm, { name: taker.name, minutes: 'minutes' in body ? body.minutes : 0 }),
      confirm: t(s.verb),
      destructive: step === 'force',
      onConfirm: () =>
        run.mutate(
          { step: s.path, attemptId: taker.attemptId!, body },
          {
            onSuccess: () => {
              notifyInfo(t(s.done, { name: taker.name }));
              onDone();
            },
          },
        ),
    });
  };
  return (
    <DialogForm
      onSubmit={submit}
      onCancel={onDone}
      error={run.error}
      label={t('examControl.continue')}
      pending={run.isPending}
      color={step === 'force' ? 'red' : undefined}
    >
      {step === 'reopen' && <MinutesField value={minutes} onChange={setMinutes} error={errors.minutes} />}
      <ReasonField value={reason} onChange={setReason} error={errors.reason} />
    </DialogForm>
  );
}

/** The one-time PIN, large, for the proctor to read out to the student, with when it stops working. */
function PinView({ taker, pin, onDone }: { taker: ExamTaker; pin: ExamPin; onDone: () => void }) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm" align="center">
      <Text>{t('examControl.pinFor', { name: taker.name })}</Text>
      <Title
        order={2}
        ff="monospace"
        fz={48}
        style={{ letterSpacing: '0.3em' }}
        data-testid="device-pin"
        aria-live="polite"
      >
        {pin.pin}
      </Title>
      <Text size="sm">{t('examControl.pinExpires', { time: clockText(pin.expiresAt) })}</Text>
      <Button onClick={onDone} data-autofocus>
        {t('dialog.ok')}
      </Button>
    </Stack>
  );
}
