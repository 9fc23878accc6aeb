import '../../i18n/school/index.ts';
import { ActionIcon, Button, Group, type MantineColor } from '@mantine/core';
import { Hint } from '../hint.tsx';
import { IconEye, IconPencil, IconTrash } from '@tabler/icons-react';
import i18next from 'i18next';
import type { DataTableColumn } from 'mantine-datatable';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { confirmDialog } from '../../lib/dialogs.tsx';
import { notifyDone, notifyError } from '../../lib/notify.ts';
import { usePhone } from './responsive-table.tsx';
import '../../i18n/list/index.ts';

/** One action of a row besides view, edit and delete ("Nonaktifkan"). */
export interface RowAction {
  /** the verb: the tooltip, the button's text on a phone and, with the row's name, its accessible name */
  label: string;
  icon: ReactNode;
  color?: MantineColor;
  onClick: () => void;
}

/** Deleting a row: asked first in the red confirmation, then "… berhasil dihapus" or the server's refusal. */
export interface RowDelete {
  title: string;
  text: string;
  /** the deletion itself (a mutation's `mutateAsync`) */
  run: () => Promise<unknown>;
}

export interface RowActionsProps {
  /** the row as a person names it ("7A", "IPA 7A"): the buttons are "Ubah 7A", "Hapus 7A" to a screen reader */
  name: string;
  /** a link to the row's page */
  view?: string | undefined;
  /** a link to the row's form, or what opens it */
  edit?: string | (() => void) | undefined;
  actions?: RowAction[];
  remove?: RowDelete | undefined;
}

interface Shown {
  key: string;
  label: string;
  icon: ReactNode;
  color?: MantineColor;
  to?: string;
  onClick?: () => void;
}

/**
 * The one set of a row's actions in a list: icon buttons with tooltips on a PC, buttons with their verb on a
 * phone (the list's card shows them at its bottom), each named with the row for a screen reader. Deleting
 * always asks first (`confirmDialog`, destructive) and says when it is done (`notifyDone('deleted')`).
 */
export function RowActions({ name, view, edit, actions = [], remove }: RowActionsProps) {
  const { t } = useTranslation();
  const phone = usePhone();
  const shown: Shown[] = [];
  const icon = (Icon: typeof IconEye) => <Icon size={18} aria-hidden />;
  if (view) shown.push({ key: 'view', label: t('list.view'), icon: icon(IconEye), to: view });
  if (edit) {
    const how = typeof edit === 'string' ? { to: edit } : { onClick: edit };
    shown.push({ key: 'edit', label: t('list.edit'), icon: icon(IconPencil), color: 'yellow', ...how });
  }
  actions.forEach((a, i) => shown.push({ key: `action-${i}`, ...a }));
  if (remove) {
    const label = t('list.delete');
    const confirmDelete = () =>
      confirmDialog({
        title: remove.title,
        text: remove.text,
        confirm: label,
        destructive: true,
        onConfirm: () => void remove.run().then(() => notifyDone('deleted'), notifyError),
      });
    shown.push({ key: 'delete', label, icon: icon(IconTrash), color: 'red', onClick: confirmDelete });
  }
  return (
    <Group gap={phone ? 'xs' : 4} justify={phone ? 'flex-start' : 'flex-end'} wrap={phone ? 'wrap' : 'nowrap'}>
      {shown.map(({ key, label, icon: sign, color, to, onClick }) => {
        const named = { 'aria-label': t('list.rowAction', { action: label, name }), color, onClick };
        // a link is an <a> (opens in a new tab, says "link"), with the button's looks
        const link = to ? { renderRoot: (props: object) => <Link to={to} {...props} /> } : {};
        return phone ? (
          <Button key={key} variant="light" size="compact-sm" leftSection={sign} {...link} {...named}>
            {label}
          </Button>
        ) : (
          <Hint key={key} label={label}>
            <ActionIcon variant="subtle" {...link} {...named}>
              {sign}
            </ActionIcon>
          </Hint>
        );
      })}
    </Group>
  );
}

/** The list column of the rows' actions (`_actions`: at the bottom of a phone's card). */
export function rowActionsColumn<T>(render: (record: T) => ReactNode): DataTableColumn<T> {
  return { accessor: '_actions', title: i18next.t('list.actions'), textAlign: 'right', render };
}
