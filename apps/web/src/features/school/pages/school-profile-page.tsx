import {
  Button,
  FileInput,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { FoundationUpdate, UnitUpdate, type Foundation, type Unit } from '@mms/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/page-title.tsx';
import { useLetterhead } from '../../../components/print/letterhead-api.ts';
import { LetterheadView, SignatureBlock } from '../../../components/print/printed-paper.tsx';
import { errorText } from '../../../i18n/index.ts';
import { confirmDialog } from '../../../lib/dialogs.tsx';
import { notifyDone } from '../../../lib/notify.ts';
import { useUnsavedChanges } from '../../../lib/unsaved-changes.tsx';
import { useFoundation, useSaveLetterhead, useSaveLogo, useUnits } from '../api.ts';
import { contractResolver, emptyToNull, showServerErrors } from '../components/form-utils.ts';

interface Values {
  name: string;
  npsn: string;
  address: string;
  city: string;
  phone: string;
  email: string;
  signerName: string;
  signerNip: string;
}

const FOUNDATION = 'foundation';

/** The form's values as the unit's or the foundation's contract names them. */
function body(v: Values, isUnit: boolean) {
  const common = emptyToNull({ address: v.address, city: v.city, phone: v.phone, email: v.email });
  return isUnit
    ? {
        name: v.name,
        ...common,
        ...emptyToNull({ npsn: v.npsn, headmaster: v.signerName, headmasterNip: v.signerNip }),
      }
    : { name: v.name, ...common, ...emptyToNull({ chairName: v.signerName, chairNip: v.signerNip }) };
}

function valuesOf(unit: Unit | undefined, foundation: Foundation | undefined): Values {
  const s = (v: string | null | undefined) => v ?? '';
  if (unit)
    return {
      name: unit.name,
      npsn: s(unit.npsn),
      address: s(unit.address),
      city: s(unit.city),
      phone: s(unit.phone),
      email: s(unit.email),
      signerName: s(unit.headmaster),
      signerNip: s(unit.headmasterNip),
    };
  return {
    name: s(foundation?.name),
    npsn: '',
    address: s(foundation?.address),
    city: s(foundation?.city),
    phone: s(foundation?.phone),
    email: s(foundation?.email),
    signerName: s(foundation?.chairName),
    signerNip: s(foundation?.chairNip),
  };
}

/**
 * other/school-profile (ADMIN): what every printed paper shows at its top and bottom. Each unit's letterhead
 * (name, NPSN, address, city, phone, email, logo) and headmaster with NIP; the foundation's for papers about
 * every unit, signed by its chair. A preview shows the paper's head and signature as they will print.
 */
export function SchoolProfilePage() {
  const { t } = useTranslation();
  const units = useUnits();
  const foundation = useFoundation();
  const [target, setTarget] = useState<string>(FOUNDATION);
  const unit = units.data?.items.find((u) => String(u.id) === target);
  const ready = target === FOUNDATION ? !!foundation.data : !!unit;
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'lg' }} radius="md">
      <PageTitle>{t('school.profile.title')}</PageTitle>
      <Stack>
        <Text size="sm" c="dimmed">
          {t('school.profile.lead')}
        </Text>
        <Select
          label={t('school.profile.target')}
          data={[
            { value: FOUNDATION, label: t('school.profile.foundation') },
            ...(units.data?.items ?? []).map((u) => ({ value: String(u.id), label: u.name })),
          ]}
          value={target}
          onChange={(v) => v && setTarget(v)}
          allowDeselect={false}
          w={{ base: '100%', sm: 360 }}
        />
        {ready && (
          <ProfileForm
            // a new target starts a new form with its own values
            key={target}
            unitId={unit?.id ?? null}
            values={valuesOf(unit, foundation.data)}
            logoPath={unit ? unit.logoPath : (foundation.data?.logoPath ?? null)}
          />
        )}
      </Stack>
    </Paper>
  );
}

function ProfileForm({ unitId, values, logoPath }: { unitId: number | null; values: Values; logoPath: string | null }) {
  const { t } = useTranslation();
  const isUnit = unitId !== null;
  const schema = isUnit ? UnitUpdate : FoundationUpdate;
  const save = useSaveLetterhead();
  const form = useForm<Values>({
    resolver: contractResolver<Values>(schema, (v) => body(v, isUnit)),
    defaultValues: values,
  });
  const { errors } = form.formState;
  useUnsavedChanges(form.formState.isDirty && !form.formState.isSubmitSuccessful);
  const fieldError = (name: string) => (errors as Record<string, { message?: string } | undefined>)[name]?.message;
  const submit = form.handleSubmit((v) =>
    save.mutate(
      { unitId, body: schema.parse(body(v, isUnit)) },
      { onSuccess: () => notifyDone('saved'), onError: (e) => showServerErrors(form, e) },
    ),
  );
  const signer = isUnit ? 'headmaster' : 'chair';
  return (
    <Stack>
      <form onSubmit={submit} noValidate>
        <Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t('school.profile.name')}
              required
              {...form.register('name')}
              error={fieldError('name')}
            />
            {isUnit && (
              <TextInput label={t('school.profile.npsn')} {...form.register('npsn')} error={fieldError('npsn')} />
            )}
          </SimpleGrid>
          <Textarea
            label={t('school.profile.address')}
            autosize
            minRows={2}
            {...form.register('address')}
            error={fieldError('address')}
          />
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TextInput
              label={t('school.profile.city')}
              description={t('school.profile.cityHint')}
              {...form.register('city')}
              error={fieldError('city')}
            />
            <TextInput label={t('school.profile.phone')} {...form.register('phone')} error={fieldError('phone')} />
            <TextInput
              label={t('school.profile.email')}
              type="email"
              {...form.register('email')}
              error={fieldError('email')}
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t(`school.profile.${signer}`)}
              {...form.register('signerName')}
              error={fieldError(isUnit ? 'headmaster' : 'chairName')}
            />
            <TextInput
              label={t(`school.profile.${signer}Nip`)}
              inputMode="numeric"
              {...form.register('signerNip')}
              error={fieldError(isUnit ? 'headmasterNip' : 'chairNip')}
            />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending}>
              {t('school.save')}
            </Button>
          </Group>
        </Stack>
      </form>
      <LogoField unitId={unitId} logoPath={logoPath} />
      <Preview unitId={unitId} />
    </Stack>
  );
}

function LogoField({ unitId, logoPath }: { unitId: number | null; logoPath: string | null }) {
  const { t } = useTranslation();
  const logo = useSaveLogo();
  return (
    <Stack gap="xs">
      <Group align="flex-end">
        <FileInput
          label={t('school.profile.logo')}
          placeholder={t('school.photo.choose')}
          description={t('school.profile.logoHint')}
          accept="image/jpeg,image/png"
          value={null}
          disabled={logo.isPending}
          onChange={(file) => {
            if (file) logo.mutate({ unitId, file });
          }}
          w={{ base: '100%', sm: 360 }}
        />
        {logoPath && (
          <Button
            color="red"
            variant="light"
            loading={logo.isPending}
            onClick={() =>
              confirmDialog({
                title: t('school.profile.removeLogo'),
                text: t('school.profile.removeLogoText'),
                confirm: t('school.profile.removeLogo'),
                destructive: true,
                onConfirm: () => logo.mutate({ unitId, file: null }),
              })
            }
          >
            {t('school.profile.removeLogo')}
          </Button>
        )}
      </Group>
      {logo.error && (
        <Text c="red" size="sm" role="alert">
          {errorText(logo.error)}
        </Text>
      )}
    </Stack>
  );
}

/** The head and the signature of a paper as they print now (after saving). */
function Preview({ unitId }: { unitId: number | null }) {
  const { t } = useTranslation();
  const letterhead = useLetterhead(unitId);
  return (
    <Paper withBorder p="md" radius="md" data-testid="letterhead-preview">
      <Title order={2} fz="h5" mb="sm">
        {t('school.profile.preview')}
      </Title>
      {letterhead.data && (
        <>
          <LetterheadView letterhead={letterhead.data} />
          <SignatureBlock letterhead={letterhead.data} />
        </>
      )}
    </Paper>
  );
}
