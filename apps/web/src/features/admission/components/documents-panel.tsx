import { Anchor, Badge, Button, FileButton, Group, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import {
  APPLICANT_DOCUMENT_KINDS,
  APPLICANT_DOCUMENT_LABELS,
  REQUIRED_APPLICANT_DOCUMENTS,
  type ApplicantDetail,
  type ApplicantDocument,
  type ApplicantDocumentKind,
  type DocumentCheckInput,
} from '@mms/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { displayLanguage, dateText } from '../../../lib/display.ts';
import { confirmDialog } from '../../../lib/dialogs.tsx';
import { notifyError } from '../../../lib/notify.ts';

const CHECK_COLOR = { PENDING: 'gray', OK: 'green', REJECTED: 'red' } as const;

/**
 * The applicant's documents: one upload button per kind, what is there with its check and note, and (for the
 * staff) the OK / reject controls. `urlOf` gives the document's address (the applicant's own or the staff's).
 */
export function DocumentsPanel(props: {
  applicant: ApplicantDetail;
  urlOf: (doc: ApplicantDocument) => string;
  onUpload?: (kind: ApplicantDocumentKind, file: File) => Promise<unknown>;
  onRemove?: (doc: ApplicantDocument) => Promise<unknown>;
  onCheck?: (doc: ApplicantDocument, body: DocumentCheckInput) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const lang = displayLanguage();
  const [busy, setBusy] = useState<string | null>(null);
  const [notes, setNotes] = useState<Record<number, string>>({});
  const run = async (key: string, work: () => Promise<unknown>) => {
    setBusy(key);
    try {
      await work();
    } catch (e) {
      notifyError(e);
    } finally {
      setBusy(null);
    }
  };
  const label = (k: ApplicantDocumentKind) => APPLICANT_DOCUMENT_LABELS[k][lang];
  const docs = props.applicant.documents;
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Title order={2} fz="h4">
          {t('adm.sections.documents')}
        </Title>
        {props.onUpload && (
          <>
            <Text size="sm">{t('adm.doc.hint')}</Text>
            <Group gap="xs">
              {APPLICANT_DOCUMENT_KINDS.map((kind) => {
                const has = docs.some((d) => d.kind === kind);
                const required = (REQUIRED_APPLICANT_DOCUMENTS as readonly string[]).includes(kind);
                return (
                  <FileButton
                    key={kind}
                    accept={kind === 'PHOTO' ? 'image/jpeg,image/png' : 'image/jpeg,image/png,application/pdf'}
                    onChange={(file) => file && void run(kind, () => props.onUpload!(kind, file))}
                  >
                    {(p) => (
                      <Button {...p} variant={has ? 'default' : 'filled'} loading={busy === kind}>
                        {t(has && required ? 'adm.doc.replace' : 'adm.doc.upload', { kind: label(kind) })}
                        {required && !has ? ` (${t('adm.doc.required')})` : ''}
                      </Button>
                    )}
                  </FileButton>
                );
              })}
            </Group>
          </>
        )}
        {docs.length === 0 ? (
          <Text c="dimmed">{t('adm.doc.none')}</Text>
        ) : (
          <Table.ScrollContainer minWidth={320}>
            <Table>
              <Table.Tbody>
                {docs.map((d) => (
                  <Table.Tr key={d.id}>
                    <Table.Td>
                      <Anchor href={props.urlOf(d)} target="_blank" rel="noopener">
                        {label(d.kind)}
                      </Anchor>
                      <Text size="xs" c="dimmed">
                        {dateText(d.uploadedAt, 'short')} · {Math.ceil(d.size / 1024)} KB
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Badge color={CHECK_COLOR[d.check]} variant="light">
                        {t(`adm.doc.check.${d.check}`)}
                      </Badge>
                      {d.checkNote && <Text size="sm">{d.checkNote}</Text>}
                    </Table.Td>
                    <Table.Td>
                      <Group gap="xs" justify="flex-end">
                        {props.onCheck && (
                          <>
                            <Button
                              size="xs"
                              color="green"
                              aria-label={`${t('adm.doc.markOk')} ${label(d.kind)}`}
                              loading={busy === `ok${d.id}`}
                              onClick={() =>
                                void run(`ok${d.id}`, () => props.onCheck!(d, { check: 'OK', note: null }))
                              }
                            >
                              {t('adm.doc.markOk')}
                            </Button>
                            <TextInput
                              size="xs"
                              aria-label={`${t('adm.doc.rejectReason')} ${label(d.kind)}`}
                              placeholder={t('adm.doc.rejectReason')}
                              value={notes[d.id] ?? ''}
                              onChange={(e) => setNotes({ ...notes, [d.id]: e.currentTarget.value })}
                            />
                            <Button
                              size="xs"
                              color="red"
                              variant="light"
                              aria-label={`${t('adm.doc.markRejected')} ${label(d.kind)}`}
                              loading={busy === `no${d.id}`}
                              onClick={() =>
                                void run(`no${d.id}`, () =>
                                  props.onCheck!(d, { check: 'REJECTED', note: notes[d.id] ?? null }),
                                )
                              }
                            >
                              {t('adm.doc.markRejected')}
                            </Button>
                          </>
                        )}
                        {props.onRemove && (
                          <Button
                            size="xs"
                            variant="subtle"
                            color="red"
                            aria-label={`${t('adm.doc.remove')} ${label(d.kind)}`}
                            onClick={() =>
                              confirmDialog({
                                title: t('adm.doc.remove'),
                                text: t('adm.doc.removeConfirm', { kind: label(d.kind) }),
                                confirm: t('adm.doc.remove'),
                                destructive: true,
                                onConfirm: () => void run(`rm${d.id}`, () => props.onRemove!(d)),
                              })
                            }
                          >
                            {t('adm.doc.remove')}
                          </Button>
                        )}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Paper>
  );
}
