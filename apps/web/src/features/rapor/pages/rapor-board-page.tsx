import {
  Alert,
  Badge,
  Button,
  Group,
  Modal,
  Select,
  SegmentedControl,
  Skeleton,
  Stack,
  Table,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { academicPeriodOfDate, SEMESTERS, type RaporBoard, type Semester } from '@mms/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ExportButton } from '../../../components/data-list/export-button.tsx';
import { downloadServerExport } from '../../../components/data-list/export-xlsx.ts';
import { PageTitle } from '../../../components/page-title.tsx';
import { PrintButton, PrintedPaper, printClasses } from '../../../components/print/printed-paper.tsx';
import { errorText } from '../../../i18n/index.ts';
import { api } from '../../../lib/api.ts';
import { serverToday } from '../../../lib/clock.ts';
import { confirmDialog } from '../../../lib/dialogs.tsx';
import { dateTimeText } from '../../../lib/display.ts';
import { notifyError, notifyInfo } from '../../../lib/notify.ts';
import { useRaporClasses } from '../api.ts';
import { useCan } from '../../../lib/permissions.ts';
import { useCurrentUser } from '../../../lib/session.ts';
import local from './rapor-board.module.css';
import { useMyRaporSubjects, useRaporAction, useRaporBoard, useSaveRaporNote } from '../workflow-api.ts';

const STATUS_COLOR = { DRAFT: 'gray', LOCKED: 'orange', PUBLISHED: 'green' } as const;
const names = (list: { name: string }[]) => list.map((s) => s.name).join(', ');

/** A student's homeroom note and note on akhlak (the rapor's pesantren page), saved together. */
function NoteEditor({
  board,
  studentId,
  note,
  akhlak,
}: {
  board: RaporBoard;
  studentId: number;
  note: string | null;
  akhlak: string | null;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState(note ?? '');
  const [akhlakText, setAkhlakText] = useState(akhlak ?? '');
  const save = useSaveRaporNote(board.classGroup.id);
  const readOnly = !board.can.note || board.status !== 'DRAFT';
  const saved = (
    <>
      <Text size="sm">{note ?? '-'}</Text>
      <Text size="sm">
        {t('raporFlow.akhlak')}: {akhlak ?? '-'}
      </Text>
    </>
  );
  if (readOnly) return saved;
  // on paper the saved notes, without the inputs and the button
  return (
    <>
      <div className={local.printOnly}>{saved}</div>
      <Group align="end" wrap="nowrap" gap="xs" className={printClasses.noPrint}>
        <Stack gap={4} style={{ flex: 1 }}>
          <Textarea
            aria-label={t('raporFlow.note')}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            autosize
            minRows={1}
            maxLength={1000}
          />
          <Textarea
            aria-label={t('raporFlow.akhlak')}
            placeholder={t('raporFlow.akhlak')}
            value={akhlakText}
            onChange={(e) => setAkhlakText(e.currentTarget.value)}
            autosize
            minRows={1}
            maxLength={1000}
          />
        </Stack>
        <Button
          size="xs"
          variant="default"
          loading={save.isPending}
          disabled={text.trim() === '' || (text === (note ?? '') && akhlakText === (akhlak ?? ''))}
          onClick={() =>
            save.mutate(
              { studentId, body: { semester: board.semester, text, akhlak: akhlakText.trim() || null } },
              { onSuccess: () => notifyInfo(t('raporFlow.done')), onError: notifyError },
            )
          }
        >
          {t('raporFlow.saveNote')}
        </Button>
      </Group>
    </>
  );
}

/** The principal's or WAKAKUR's reopen of one student's subject on a locked rapor, with a reason. */
function ReopenModal({ board, studentId, onClose }: { board: RaporBoard; studentId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const [subjectId, setSubjectId] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const action = useRaporAction(board.classGroup.id);
  return (
    <Modal opened onClose={onClose} title={t('raporFlow.reopenTitle')} centered>
      <Stack>
        <Select
          label={t('raporFlow.subject')}
          data={board.subjects.map((s) => ({ value: String(s.subjectId), label: s.name }))}
          value={subjectId}
          onChange={setSubjectId}
        />
        <Textarea label={t('raporFlow.reason')} value={reason} onChange={(e) => setReason(e.currentTarget.value)} />
        <Group justify="end">
          <Button variant="default" onClick={onClose}>
            {t('raporFlow.cancel')}
          </Button>
          <Button
            color="red"
            disabled={subjectId === null || reason.trim() === ''}
            loading={action.isPending}
            onClick={() =>
              action.mutate(
                {
                  action: 'reopen',
                  body: { semester: board.semester, subjectId: Number(subjectId), studentId, reason },
                },
                { onSuccess: onClose, onError: notifyError },
              )
            }
          >
            {t('raporFlow.reopen')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function Board({ board }: { board: RaporBoard }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'id';
  const action = useRaporAction(board.classGroup.id);
  const [reopenFor, setReopenFor] = useState<number | null>(null);
  const run = (a: 'submit' | 'remind' | 'lock' | 'publish', subjectId?: number) =>
    action.mutate(
      {
        action: a,
        body: subjectId === undefined ? { semester: board.semester } : { semester: board.semester, subjectId },
      },
      {
        onSuccess: () => notifyInfo(t(a === 'remind' ? 'raporFlow.reminded' : 'raporFlow.done')),
        onError: notifyError,
      },
    );
  const closed = board.status !== 'DRAFT';
  const user = useCurrentUser();
  const semesterText = `${t('rapor.semesterLabel')} ${t(`rapor.${board.semester}`)}`;
  const cls = board.classGroup;
  return (
    <PrintedPaper
      unitId={user.unit?.id ?? null}
      title={t('raporFlow.printTitle', { className: cls.name, semester: semesterText })}
      signed={false}
      actions={
        <>
          <PrintButton />
          <ExportButton
            onExport={() =>
              downloadServerExport(
                `/rapor/classes/${cls.id}/board`,
                { semester: board.semester },
                `kelengkapan-rapor-${cls.name}-${board.semester}.xlsx`,
              )
            }
          />
        </>
      }
    >
      <Stack gap="lg">
        <Group justify="space-between" wrap="wrap">
          <Group gap="xs">
            <Badge color={STATUS_COLOR[board.status]} data-testid="rapor-status">
              {t(`raporFlow.status.${board.status}`)}
            </Badge>
            <Badge variant="light" color={board.complete ? 'green' : 'red'}>
              {t(board.complete ? 'raporFlow.complete' : 'raporFlow.incomplete')}
            </Badge>
          </Group>
          {board.can.lock && (
            <Group gap="xs" className={printClasses.noPrint}>
              {board.status === 'DRAFT' && (
                <Button
                  disabled={!board.complete}
                  loading={action.isPending}
                  onClick={() =>
                    confirmDialog({
                      title: t('raporFlow.lock'),
                      text: t('raporFlow.lockConfirm'),
                      confirm: t('raporFlow.lock'),
                      destructive: true,
                      onConfirm: () => run('lock'),
                    })
                  }
                >
                  {t('raporFlow.lock')}
                </Button>
              )}
              {board.status === 'LOCKED' && (
                <Button
                  loading={action.isPending}
                  onClick={() =>
                    confirmDialog({
                      title: t('raporFlow.publish'),
                      text: t('raporFlow.publishConfirm'),
                      confirm: t('raporFlow.publish'),
                      onConfirm: () => run('publish'),
                    })
                  }
                >
                  {t('raporFlow.publish')}
                </Button>
              )}
            </Group>
          )}
        </Group>
        {board.subjects.length === 0 ? (
          <Text c="dimmed">{t('raporFlow.noSubjects')}</Text>
        ) : (
          <Table.ScrollContainer minWidth={720}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('raporFlow.subject')}</Table.Th>
                  <Table.Th>{t('raporFlow.teacher')}</Table.Th>
                  <Table.Th>{t('raporFlow.submitted')}</Table.Th>
                  <Table.Th>{t('raporFlow.missingScore')}</Table.Th>
                  <Table.Th>{t('raporFlow.missingDescription')}</Table.Th>
                  <Table.Th className={printClasses.noPrint} />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {board.subjects.map((s) => (
                  <Table.Tr key={s.subjectId}>
                    <Table.Td>{s.name}</Table.Td>
                    <Table.Td>{s.teacher?.name ?? '-'}</Table.Td>
                    <Table.Td>
                      {s.submittedAt ? (
                        dateTimeText(s.submittedAt, lang)
                      ) : (
                        <Text c="red">{t('raporFlow.notSubmitted')}</Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      {s.missingScore.length ? `${s.missingScore.length}: ${names(s.missingScore)}` : '-'}
                    </Table.Td>
                    <Table.Td>
                      {s.missingDescription.length
                        ? `${s.missingDescription.length}: ${names(s.missingDescription)}`
                        : '-'}
                    </Table.Td>
                    <Table.Td className={printClasses.noPrint}>
                      <Group gap={4} wrap="nowrap">
                        {s.mine && (
                          <Button size="xs" onClick={() => run('submit', s.subjectId)}>
                            {t('raporFlow.submit')}
                          </Button>
                        )}
                        {!closed &&
                          s.teacher &&
                          (!s.submittedAt || s.missingScore.length + s.missingDescription.length > 0) && (
                            <Button size="xs" variant="default" onClick={() => run('remind', s.subjectId)}>
                              {t('raporFlow.remind')}
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
        <Stack gap="xs">
          <Title order={2} fz="h5">
            {t('raporFlow.students')}
          </Title>
          <Table.ScrollContainer minWidth={640}>
            <Table striped>
              <Table.Tbody>
                {board.students.map((s) => (
                  <Table.Tr key={s.id}>
                    <Table.Td w={220}>
                      {s.name} ({s.nis})
                    </Table.Td>
                    <Table.Td>
                      <NoteEditor board={board} studentId={s.id} note={s.note} akhlak={s.akhlak} />
                    </Table.Td>
                    <Table.Td w={160}>
                      {board.status === 'PUBLISHED' &&
                        (s.seenAt ? `${t('raporFlow.seen')} ${dateTimeText(s.seenAt, lang)}` : t('raporFlow.notSeen'))}
                    </Table.Td>
                    <Table.Td w={120} className={printClasses.noPrint}>
                      {board.can.lock && closed && (
                        <Button size="xs" variant="default" color="red" onClick={() => setReopenFor(s.id)}>
                          {t('raporFlow.reopen')}
                        </Button>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Stack>
        {board.reopens.length > 0 && (
          <Stack gap="xs">
            <Title order={2} fz="h5">
              {t('raporFlow.reopens')}
            </Title>
            <Table.ScrollContainer minWidth={640}>
              <Table striped>
                <Table.Tbody>
                  {board.reopens.map((r) => (
                    <Table.Tr key={r.id}>
                      <Table.Td>{dateTimeText(r.openedAt, lang)}</Table.Td>
                      <Table.Td>
                        {r.studentName} · {r.subjectName}
                      </Table.Td>
                      <Table.Td>{r.reason}</Table.Td>
                      <Table.Td>
                        {t('raporFlow.previous')}: {r.previousScore ?? '-'} · {r.previousDescription ?? '-'}
                      </Table.Td>
                      <Table.Td>{r.closedAt ? t('raporFlow.closed') : t('raporFlow.open')}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Stack>
        )}
        {reopenFor !== null && <ReopenModal board={board} studentId={reopenFor} onClose={() => setReopenFor(null)} />}
      </Stack>
    </PrintedPaper>
  );
}

/** The subject teacher's own class-subjects, each submitted from here (a teacher who is not the homeroom). */
function MySubjects({ semester }: { semester: Semester }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'id';
  const can = useCan();
  const mine = useMyRaporSubjects(semester, can('rapor.submit'));
  const [busy, setBusy] = useState<string | null>(null);
  if (!mine.data || mine.data.items.length === 0) return null;
  async function submit(classGroupId: number, subjectId: number) {
    setBusy(`${classGroupId}-${subjectId}`);
    try {
      await api(`/rapor/classes/${classGroupId}/submit`, { method: 'POST', body: { semester, subjectId } });
      notifyInfo(t('raporFlow.done'));
      await mine.refetch();
    } catch (e) {
      notifyError(e);
    } finally {
      setBusy(null);
    }
  }
  return (
    <Stack gap="xs" className={printClasses.noPrint}>
      <Title order={2} fz="h5">
        {t('raporFlow.mySubjects')}
      </Title>
      <Table.ScrollContainer minWidth={480}>
        <Table striped>
          <Table.Tbody>
            {mine.data.items.map((s) => (
              <Table.Tr key={`${s.classGroupId}-${s.subjectId}`}>
                <Table.Td>
                  {s.className} · {s.subjectName}
                </Table.Td>
                <Table.Td>
                  {s.submittedAt ? dateTimeText(s.submittedAt, lang) : t('raporFlow.notSubmitted')} ·{' '}
                  {t(`raporFlow.status.${s.status}`)}
                </Table.Td>
                <Table.Td>
                  <Button
                    size="xs"
                    loading={busy === `${s.classGroupId}-${s.subjectId}`}
                    onClick={() => void submit(s.classGroupId, s.subjectId)}
                  >
                    {t('raporFlow.submit')}
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

/**
 * tutor/rapor-board: the completeness board of a class's rapors (issue 40 §3). The homeroom sees which subject and
 * which student is missing what, reminds the teacher and writes notes; the principal or WAKAKUR locks, reopens and
 * publishes. The server decides who may do which.
 */
export function RaporBoardPage() {
  const { t } = useTranslation();
  const [semester, setSemester] = useState<Semester>(() => academicPeriodOfDate(serverToday()).semester);
  const [picked, setPicked] = useState<number | null>(null);
  const classes = useRaporClasses();
  const classId = picked ?? classes.data?.items[0]?.id ?? null;
  const board = useRaporBoard(classId, semester);
  return (
    <Stack maw={1100}>
      <PageTitle>{t('raporFlow.boardTitle')}</PageTitle>
      <MySubjects semester={semester} />
      {classes.isPending ? (
        <Skeleton height={36} />
      ) : classes.isError ? (
        <Alert color="red">{errorText(classes.error)}</Alert>
      ) : classes.data.items.length === 0 ? (
        <Alert color="blue">{t('rapor.noClasses')}</Alert>
      ) : (
        <>
          <Group align="end" wrap="wrap" className={printClasses.noPrint}>
            <Select
              label={t('rapor.classLabel')}
              data={classes.data.items.map((c) => ({ value: String(c.id), label: c.name }))}
              value={classId === null ? null : String(classId)}
              onChange={(v) => setPicked(v ? Number(v) : null)}
              allowDeselect={false}
              w={160}
            />
            <SegmentedControl
              aria-label={t('rapor.semesterLabel')}
              data={SEMESTERS.map((s) => ({ value: s, label: `${t('rapor.semesterLabel')} ${t(`rapor.${s}`)}` }))}
              value={semester}
              onChange={(v) => setSemester(v as Semester)}
            />
          </Group>
          {board.isPending ? (
            <Skeleton height={320} />
          ) : board.isError ? (
            <Alert color="red">{errorText(board.error)}</Alert>
          ) : (
            <Board board={board.data} />
          )}
        </>
      )}
    </Stack>
  );
}
