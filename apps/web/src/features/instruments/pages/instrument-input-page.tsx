import { Alert, Button, Group, Paper, Skeleton, Stack, Tabs, Text } from '@mantine/core';
import { can, type Instrument, type InstrumentKind } from '@mms/shared';
import { useTranslation } from 'react-i18next';
import { useRouteHandle } from '../../../lib/route-handle.ts';
import { PageTitle } from '../../../components/page-title.tsx';
import { errorText } from '../../../i18n/index.ts';
import { notifyError } from '../../../lib/notify.ts';
import { useCurrentUser } from '../../../lib/session.ts';
import { useCreateInstrument, useInstrumentOfKind } from '../api.ts';
import { kindOfRoute } from '../routes.ts';
import { DefinitionEditor } from '../components/definition-editor.tsx';
import { ItemImportButton } from '../components/item-import.tsx';
import { MetaForm } from '../components/meta-form.tsx';
import { ResultsPanel } from '../components/results-panel.tsx';
import { WindowsPanel } from '../components/windows-panel.tsx';

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
  const canManage = can(useCurrentUser().division, 'counselling.manage');
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
