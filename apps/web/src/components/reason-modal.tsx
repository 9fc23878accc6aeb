import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';

export interface ReasonModalProps {
  opened: boolean;
  title: string;
  /** what the reason is about (the number, name and amount of the row) */
  summary: string;
  reasonLabel: string;
  /** the confirm button's text */
  confirm: string;
  /** the contract's input schema `{ reason }`: the button waits until the reason is valid */
  schema: z.ZodType;
  pending: boolean;
  /** runs the write; `done` closes and clears the modal once it succeeded */
  onSubmit: (reason: string, done: () => void) => void;
  onClose: () => void;
}

/** Asks for the reason of a destructive step (a reversal) before it is made. */
export function ReasonModal(props: ReasonModalProps) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const valid = props.schema.safeParse({ reason }).success;
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={props.title} centered>
      <Stack>
        <Text>{props.summary}</Text>
        <Textarea
          label={props.reasonLabel}
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
          required
          autosize
          minRows={2}
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            {t('dialog.cancel')}
          </Button>
          <Button
            color="red"
            disabled={!valid}
            loading={props.pending}
            onClick={() =>
              props.onSubmit(reason, () => {
                setReason('');
                props.onClose();
              })
            }
          >
            {props.confirm}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
