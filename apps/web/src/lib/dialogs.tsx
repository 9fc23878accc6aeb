import { Button, Group, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import i18next from 'i18next';
import { z } from 'zod';

/**
 * The specification's success dialog (titled Info, "Data berhasil disimpan"), shown where the specification
 * shows it: after a password change. Every other success is a non-blocking notification (`notifyDone`).
 */
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

export interface ConfirmOptions {
  title: string;
  text: string;
  /** the verb of the action ("Hapus", "Setujui"), never a bare "OK" */
  confirm: string;
  onConfirm: () => void;
  /** deletes or discards something: the confirm button is red; otherwise it is the success green */
  destructive?: boolean;
  /** the neutral way out; "Batal" unless named */
  cancel?: string;
  onCancel?: () => void;
}

/**
 * The one confirmation dialog: the action's verb in the danger red when it destroys (in the success green
 * otherwise), the way out neutral, and the focus on the way out so Enter never destroys by accident.
 */
export function confirmDialog(options: ConfirmOptions): void {
  modals.openConfirmModal({
    title: options.title,
    centered: true,
    children: <Text>{options.text}</Text>,
    labels: { confirm: options.confirm, cancel: options.cancel ?? i18next.t('dialog.cancel') },
    confirmProps: { color: options.destructive ? 'red' : 'green' },
    cancelProps: { variant: 'default', 'data-autofocus': true } as never,
    onConfirm: options.onConfirm,
    onCancel: options.onCancel,
  });
}

/** Field checks of dialog inputs that take an email address or a URL, with the specified messages. */
export const dialogEmail = () => z.email({ error: i18next.t('dialog.invalidEmail') });
export const dialogUrl = () => z.url({ error: i18next.t('dialog.invalidUrl') });
