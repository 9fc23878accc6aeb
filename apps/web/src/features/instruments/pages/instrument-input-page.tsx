import { Alert, Button, Group, Modal, Paper, Skeleton, Stack, Tabs, Text } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { useState } from 'react';
import { type Instrument, type InstrumentKind } from '@mms/shared';
import { useTranslation } from 'react-i18next';
import { useRouteHandle } from '../../../lib/route-handle.ts';
import { PageTitle } from '../../../components/page-title.tsx';
import { errorText } from '../../../i18n/index.ts';
import { notifyError } from '../../../lib/notify.ts';
import { useCurrentUser } from '../../../lib/session.ts';
import { useCreateInstrument, useInstrumentOfKind, useInstrumentPreview } from '../api.ts';
import { kindOfRoute } from '../routes.ts';
import { DefinitionEditor } from '../components/definition-editor.tsx';
import { ItemImportButton } from '../components/item-import.tsx';
import { MetaForm } from '../components/meta-form.tsx';
import { Player } from '../components/player.tsx';
import { ResultsPanel } from '../components/results-panel.tsx';
import { WindowsPanel } from '../components/windows-panel.tsx';
import { userCan } from '../../../lib/permissions.ts';

/**
 * "Input <instrumen>" (issue 14), one screen for the six kinds: BPBK edits the unit's instrument of the kind (its
 * source and licence in view), opens windows for classes or grades, and reads the results and the class summary.
 */
export function InstrumentInputPage(props: { kind?: InstrumentKind }) {
  const { t } = useTranslation();
  const routeKind = kindOfRoute(useRouteHandle().name);
  const kind = props.kind ?? routeKind!;
  const instrument = useInstrumentOfKind(kind);
  const kindName = t(`instruments.kinds.${kind}`);
  return (
    <Stack gap="md">
      <PageTitle>{t('instruments.inputTitle', { kind: kindName })}</PageTitle>
      {instrument.isLoading ? (
        <Skeleton h={200} aria-label={t('instruments.loading')} />
      ) : instrument.isError ? (
        <Alert color="red" role="alert" title={t('instruments.loadFailed')}>
          {errorText(instrument.error)}
        </Alert>
      ) : instrument.data ? (
        <InstrumentTabs instrument={instrument.data} />
      ) : (
        <CreateInstrument kind={kind} kindName={kindName} />
      )}
    </Stack>
  );
}

function InstrumentTabs({ instrument }: { instrument: Instrument }) {
  const { t } = useTranslation();
  const canManage = userCan(useCurrentUser(), 'counselling.manage');
  // a save or an import gives a new version: the editor starts again from the saved items
  const version = `${instrument.id}-${instrument.version}`;
  return (
    <Tabs defaultValue="items" keepMounted={false}>
      <Tabs.List>
        <Tabs.Tab value="items">{t('instruments.tabs.items')}</Tabs.Tab>
        <Tabs.Tab value="windows">{t('instruments.tabs.windows')}</Tabs.Tab>
        <Tabs.Tab value="results">{t('instruments.tabs.results')}</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="items" pt="md">
        <Stack gap="md">
          <MetaForm key={`meta-${version}`} instrument={instrument} />
          <Group justify="flex-end">
            <PreviewButton instrument={instrument} />
            <ItemImportButton instrumentId={instrument.id} onImported={() => undefined} />
          </Group>
          <DefinitionEditor key={`def-${version}`} instrument={instrument} />
        </Stack>
      </Tabs.Panel>
      <Tabs.Panel value="windows" pt="md">
        <WindowsPanel instrument={instrument} />
      </Tabs.Panel>
      <Tabs.Panel value="results" pt="md">
        <ResultsPanel instrument={instrument} canManage={canManage} />
      </Tabs.Panel>
    </Tabs>
  );
}

/**
 * The counsellor tries the instrument as a student answers it (issue 39: the play screen is the students'):
 * the player in a dialog, with nothing saved.
 */
function PreviewButton({ instrument }: { instrument: Instrument }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const preview = useInstrumentPreview(instrument.id, opened);
  const close = () => setOpened(false);
  return (
    <>
      <Button variant="default" leftSection={<IconEye size={18} aria-hidden />} onClick={() => setOpened(true)}>
        {t('instruments.preview.open')}
      </Button>
      <Modal opened={opened} onClose={close} size="xl" title={t('instruments.preview.title')}>
        {preview.data ? (
          preview.data.items.length ? (
            <Player
              key={`${instrument.id}-${instrument.version}`}
              preview
              attempt={{ ...preview.data, attemptId: 0, closesOn: '', answers: [] }}
              onLeave={close}
              onSubmitted={close}
            />
          ) : (
            <Text>{t('instruments.preview.noItems')}</Text>
          )
        ) : preview.isError ? (
          <Alert color="red" role="alert">
            {errorText(preview.error)}
          </Alert>
        ) : (
          <Skeleton h={200} aria-label={t('instruments.loading')} />
        )}
      </Modal>
    </>
  );
}

function CreateInstrument({ kind, kindName }: { kind: InstrumentKind; kindName: string }) {
  const { t } = useTranslation();
  const create = useCreateInstrument();
  const go = (useShippedItems: boolean) =>
    create.mutate({ kind, name: kindName, useShippedItems }, { onError: notifyError });
  return (
    <Paper withBorder p="md">
      <Stack>
        <Text>{t('instruments.none', { kind: kindName })}</Text>
        <Text size="sm">{t('instruments.shippedNote')}</Text>
        <Group>
          <Button color="green" onClick={() => go(true)} loading={create.isPending}>
            {t('instruments.createShipped')}
          </Button>
          <Button variant="default" onClick={() => go(false)} disabled={create.isPending}>
            {t('instruments.createEmpty')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
