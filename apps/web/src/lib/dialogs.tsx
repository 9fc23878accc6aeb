import { Button, Group, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import i18next from 'i18next';
import { z } from 'zod';

/** The success dialog of the specification: titled Info, "Data berhasil disimpan". */
export function showSaved(): void {
  const id = modals.open({
    title: i18next.t('dialog.info'),
    centered: true,
    children: (
      <>
        <Text>{i18next.t('dialog.saved')}</Text>
        <Group justify="flex-end" mt="md">
          <Button color="green" onClick={() => modals.close(id)} data-autofocus>
            {i18next.t('dialog.ok')}
          </Button>
        </Group>
      </>
    ),
  });
}

/** A confirmation dialog with the success (confirm) and danger (cancel) button styles. */
export function confirmDialog(options: { title: string; text: string; confirm: string; onConfirm: () => void }): void {
  modals.openConfirmModal({
    title: options.title,
    centered: true,
    children: <Text>{options.text}</Text>,
    labels: { confirm: options.confirm, cancel: i18next.t('dialog.cancel') },
    confirmProps: { color: 'green' },
    cancelProps: { color: 'red', variant: 'filled' },
    onConfirm: options.onConfirm,
  });
}

/** Field checks of dialog inputs that take an email address or a URL, with the specified messages. */
export const dialogEmail = () => z.email({ error: i18next.t('dialog.invalidEmail') });
export const dialogUrl = () => z.url({ error: i18next.t('dialog.invalidUrl') });
