import '../../../i18n/admission/index.ts';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Code,
  Container,
  Group,
  Paper,
  PasswordInput,
  Select,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Timeline,
  Title,
} from '@mantine/core';
import {
  APPLICANT_STATE_LABELS,
  ApplicantSignInRequest,
  formatRupiah,
  RegisterStartInput,
  type ApplicantDetail,
  type RegisterStartResponse,
} from '@mms/shared';
import { ModalsProvider } from '@mantine/modals';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DateField } from '../../../components/date-fields.tsx';
import { routePath } from '../../../lib/route-names.ts';
import { confirmDialog } from '../../../lib/dialogs.tsx';
import { dateText, displayLanguage } from '../../../lib/display.ts';
import { notifyError, notifyInfo } from '../../../lib/notify.ts';
import { issueErrors } from '../../../lib/validation.ts';
import {
  APPLICANT_KEY,
  ownDocumentUrl,
  signInApplicant,
  startRegistration,
  useApplicantActions,
  useOpenWaves,
  useOwnApplication,
} from '../api.ts';
import { showServerErrors } from '../show-errors.ts';
import { ApplicantFormFields } from '../components/applicant-form.tsx';
import { DocumentsPanel } from '../components/documents-panel.tsx';
import { checkForm, formOf, type FormField, type FormValues } from '../form.ts';

/** '/spmb': the public registration's first step (no account), then the number and the PIN shown once. */
export function SpmbRegisterPage() {
  const { t } = useTranslation();
  const waves = useOpenWaves();
  const client = useQueryClient();
  const [values, setValues] = useState({ waveId: '', name: '', birthDate: '', phone: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [pending, setPending] = useState(false);
  const [done, setDone] = useState<RegisterStartResponse | null>(null);
  const set = (k: keyof typeof values, v: string) => setValues({ ...values, [k]: v });
  const items = waves.data?.items ?? [];

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = RegisterStartInput.safeParse({
      ...values,
      waveId: values.waveId || (items.length === 1 ? items[0]!.id : ''),
    });
    if (!parsed.success) return setErrors(issueErrors(parsed.error));
    setErrors({});
    setPending(true);
    try {
      setDone(await startRegistration(parsed.data));
      await client.invalidateQueries({ queryKey: APPLICANT_KEY });
    } catch (err) {
      showServerErrors(err, setErrors);
    } finally {
      setPending(false);
    }
  };

  return (
    <Container size="sm" py="lg" px="sm">
      <Stack>
        <Title order={1} fz="h2">
          {t('adm.pub.title')}
        </Title>
        {done ? (
          <Paper withBorder p="md" radius="md">
            <Stack>
              <Alert color="yellow" title={t('adm.pub.pinOnce')} />
              <Text>
                {t('adm.regNo')}:{' '}
                <Code fz="lg" data-testid="reg-no">
                  {done.applicant.regNo}
                </Code>
              </Text>
              <Text>
                {t('adm.pin')}:{' '}
                <Code fz="lg" data-testid="reg-pin">
                  {done.pin}
                </Code>
              </Text>
              <Button component={Link} to={routePath('spmb-status')} size="md">
                {t('adm.pub.continue')}
              </Button>
            </Stack>
          </Paper>
        ) : (
          <>
            <Text>{t('adm.pub.intro')}</Text>
            {waves.isPending ? (
              <Skeleton height={200} aria-label={t('adm.loading')} />
            ) : items.length === 0 ? (
              <Alert color="gray">{t('adm.pub.noWave')}</Alert>
            ) : (
              <Paper withBorder p="md" radius="md" component="form" onSubmit={submit} noValidate>
                <Stack>
                  <Select
                    label={t('adm.pub.chooseWave')}
                    required
                    data={items.map((w) => ({
                      value: String(w.id),
                      label: `${w.unitName} · ${w.name} (${w.academicYearName}) · ${formatRupiah(w.registrationFee)}`,
                    }))}
                    value={values.waveId || (items.length === 1 ? String(items[0]!.id) : null)}
                    onChange={(v) => set('waveId', v ?? '')}
                    error={errors.waveId}
                  />
                  <TextInput
                    label={t('adm.f.name')}
                    required
                    autoComplete="name"
                    value={values.name}
                    onChange={(e) => set('name', e.currentTarget.value)}
                    error={errors.name}
                  />
                  <DateField
                    label={t('adm.f.birthDate')}
                    required
                    w="100%"
                    value={values.birthDate}
                    onChange={(v) => set('birthDate', v)}
                    error={errors.birthDate}
                  />
                  <TextInput
                    label={t('adm.f.phone')}
                    required
                    type="tel"
                    inputMode="tel"
                    autoComplete="tel"
                    value={values.phone}
                    onChange={(e) => set('phone', e.currentTarget.value)}
                    error={errors.phone}
                  />
                  <Button type="submit" size="md" loading={pending}>
                    {t('adm.pub.start')}
                  </Button>
                </Stack>
              </Paper>
            )}
            <Anchor component={Link} to={routePath('spmb-status')}>
              {t('adm.pub.haveNumber')}
            </Anchor>
          </>
        )}
      </Stack>
    </Container>
  );
}

function SignInForm() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [regNo, setRegNo] = useState('');
  const [pin, setPin] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [pending, setPending] = useState(false);
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = ApplicantSignInRequest.safeParse({ regNo, pin });
    if (!parsed.success) return setErrors(issueErrors(parsed.error));
    setErrors({});
    setPending(true);
    try {
      await signInApplicant(parsed.data);
      await client.invalidateQueries({ queryKey: APPLICANT_KEY });
    } catch (err) {
      showServerErrors(err, setErrors);
    } finally {
      setPending(false);
    }
  };
  return (
    <Paper withBorder p="md" radius="md" component="form" onSubmit={submit} noValidate>
      <Stack>
        <TextInput
          label={t('adm.regNo')}
          placeholder="SPMB/SMP/2027/0001"
          required
          autoCapitalize="characters"
          value={regNo}
          onChange={(e) => setRegNo(e.currentTarget.value)}
          error={errors.regNo}
        />
        <PasswordInput
          label={t('adm.pin')}
          required
          inputMode="numeric"
          autoComplete="one-time-code"
          value={pin}
          onChange={(e) => setPin(e.currentTarget.value)}
          error={errors.pin}
        />
        <Button type="submit" size="md" loading={pending}>
          {t('adm.pub.signIn')}
        </Button>
        <Anchor component={Link} to={routePath('spmb-register')}>
          {t('adm.pub.register')}
        </Anchor>
      </Stack>
    </Paper>
  );
}

/** The state and its history, as the applicant and the staff see them. */
export function StateAndEvents({ applicant }: { applicant: ApplicantDetail }) {
  const { t } = useTranslation();
  const lang = displayLanguage();
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="xs">
        <Group gap="xs">
          <Text>{t('adm.pub.stateNow')}:</Text>
          <Badge size="lg" data-testid="applicant-state">
            {APPLICANT_STATE_LABELS[applicant.state][lang]}
          </Badge>
        </Group>
        {applicant.events.length > 0 && (
          <>
            <Title order={2} fz="h5">
              {t('adm.sections.events')}
            </Title>
            <Timeline active={applicant.events.length} bulletSize={14} lineWidth={2}>
              {applicant.events.map((e, i) => (
                <Timeline.Item key={i} title={APPLICANT_STATE_LABELS[e.toState][lang]}>
                  <Text size="sm">
                    {dateText(e.at)}
                    {e.byName ? ` · ${e.byName}` : ''}
                  </Text>
                  {e.note && <Text size="sm">{e.note}</Text>}
                </Timeline.Item>
              ))}
            </Timeline>
          </>
        )}
      </Stack>
    </Paper>
  );
}

function OwnApplication({ applicant }: { applicant: ApplicantDetail }) {
  const { t } = useTranslation();
  const actions = useApplicantActions();
  const [values, setValues] = useState<FormValues>(() => formOf(applicant));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [pending, setPending] = useState<string | null>(null);
  const editable = applicant.state === 'DRAFT' || applicant.state === 'REGISTERED';
  const onChange = (f: FormField, v: string) => setValues({ ...values, [f]: v });

  const save = async () => {
    const checked = checkForm(values);
    if (!checked.ok) return (setErrors(checked.errors), false);
    setErrors({});
    setPending('save');
    try {
      await actions.save(checked.value);
      notifyInfo(t('adm.saved'));
      return true;
    } catch (e) {
      showServerErrors(e, setErrors);
      return false;
    } finally {
      setPending(null);
    }
  };
  const submit = () =>
    confirmDialog({
      title: t('adm.pub.submit'),
      text: t('adm.pub.submitConfirm'),
      confirm: t('adm.pub.submit'),
      onConfirm: () =>
        void (async () => {
          if (!(await save())) return;
          setPending('submit');
          try {
            await actions.submit();
            notifyInfo(t('adm.pub.submitted'));
          } catch (e) {
            showServerErrors(e, setErrors);
          } finally {
            setPending(null);
          }
        })(),
    });

  return (
    <Stack>
      <Group justify="space-between">
        <Text>
          {t('adm.regNo')}: <Code data-testid="status-reg-no">{applicant.regNo}</Code> · {applicant.unitName} ·{' '}
          {applicant.waveName}
        </Text>
        <Button variant="default" onClick={() => void actions.signOut().catch(notifyError)}>
          {t('adm.pub.signOut')}
        </Button>
      </Group>
      <StateAndEvents applicant={applicant} />
      {applicant.state === 'VERIFIED' && (
        <Button component={Link} to={routePath('spmb-test')} size="md">
          {t('adm.pub.takeTest')}
        </Button>
      )}
      {!editable && <Alert color="gray">{t('adm.pub.readOnly')}</Alert>}
      <ApplicantFormFields values={values} errors={errors} onChange={onChange} readOnly={!editable} />
      <DocumentsPanel
        applicant={applicant}
        urlOf={(d) => ownDocumentUrl(d.id)}
        onUpload={editable ? actions.upload : undefined}
        onRemove={editable ? (d) => actions.remove(d.id) : undefined}
      />
      {Object.keys(errors).some((k) => k.startsWith('documents.')) && (
        <Alert color="red">
          {Object.entries(errors)
            .filter(([k]) => k.startsWith('documents.'))
            .map(([, v]) => v)
            .join('; ')}
        </Alert>
      )}
      {editable && (
        <Group justify="flex-end">
          <Button variant="default" size="md" loading={pending === 'save'} onClick={() => void save()}>
            {t('adm.pub.saveDraft')}
          </Button>
          {applicant.state === 'DRAFT' && (
            <Button size="md" loading={pending === 'submit'} onClick={submit}>
              {t('adm.pub.submit')}
            </Button>
          )}
        </Group>
      )}
    </Stack>
  );
}

/** '/spmb/status': sign in with the number and the PIN; the state, the events, the form and the documents. */
export function SpmbStatusPage() {
  const { t } = useTranslation();
  const own = useOwnApplication();
  return (
    // the public pages sit outside the backend frame, which holds the dialogs' provider
    <ModalsProvider>
      <Container size="sm" py="lg" px="sm">
        <Stack>
          <Title order={1} fz="h2">
            {t('adm.pub.statusTitle')}
          </Title>
          {own.isPending ? (
            <Skeleton height={200} aria-label={t('adm.loading')} />
          ) : own.data ? (
            <OwnApplication key={`${own.data.id}-${own.data.state}`} applicant={own.data} />
          ) : (
            <SignInForm />
          )}
        </Stack>
      </Container>
    </ModalsProvider>
  );
}
