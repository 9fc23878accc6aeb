import { Alert, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { SCORE_KIND_LABELS, formatDate, type ScoreCellsInput, type ScoreColumn, type ScoreSheet } from '@mms/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useLayoutEffect, useRef, useState, type ClipboardEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { RowActions } from '../../../components/data-list/row-actions.tsx';
import { isApiError } from '../../../lib/api.ts';
import { notifyInfo } from '../../../lib/notify.ts';
import { useUnsavedChanges } from '../../../lib/unsaved-changes.tsx';
import { useDeleteColumn, useSaveCells } from '../api.ts';
import { formatScore, moveFrom, parsePaste, parseScoreText, spreadPaste, type CellKey } from '../grid-model.ts';
import classes from './score-grid.module.css';

const keyOf = (columnId: number, studentId: number) => `${columnId}:${studentId}`;

export interface ScoreGridProps {
  sheet: ScoreSheet;
  onEditColumn: (column: ScoreColumn) => void;
}

/**
 * The score sheet as a spreadsheet: a row per student, a column per assessment. A typed score is checked at once
 * (the cell says what is wrong) and saved when the cell is left or Enter is pressed; a column pasted from Excel
 * fills downwards and is saved at once. What is typed stays in the cell until the server has it: a failed save
 * keeps it, counts it as not saved, and offers to save again; leaving the screen with unsaved scores asks first.
 */
export function ScoreGrid({ sheet, onEditColumn }: ScoreGridProps) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'id';
  const save = useSaveCells();
  const remove = useDeleteColumn();
  const client = useQueryClient();
  const [drafts, setDraftState] = useState<Record<string, string>>({});
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [failed, setFailed] = useState(false);
  // the drafts as the saves read them: changed at once, not at the next render
  const draftsRef = useRef(drafts);
  const setDrafts = (change: (d: Record<string, string>) => Record<string, string>) => {
    draftsRef.current = change(draftsRef.current);
    setDraftState(draftsRef.current);
  };
  // saves run one after another, so a cell typed twice quickly lands in the order it was typed
  const chain = useRef<Promise<void>>(Promise.resolve());
  const inputs = useRef(new Map<string, HTMLInputElement>());

  const saved = new Map(sheet.cells.map((c) => [keyOf(c.columnId, c.studentId), c.score]));
  // the saved values as the saves read them (a save's own values go in at once, before the sheet is read again)
  const savedRef = useRef(new Map<string, number>());
  useLayoutEffect(() => {
    savedRef.current = new Map(sheet.cells.map((c) => [keyOf(c.columnId, c.studentId), c.score]));
  }, [sheet.cells]);
  const [focused, setFocused] = useState<string | null>(null);
  const rows = sheet.students;
  const cols = sheet.columns;
  const size = { rows: rows.length, cols: cols.length };
  const editable = sheet.canEdit;
  // a column an online exam fills (its assessment's scored attempts) is the exam's: shown, never typed in here
  const fromExam = (c: ScoreColumn) => c.assessmentId !== null;
  const anyFromExam = cols.some(fromExam);

  const problemOf = (key: string): string | null => {
    const text = drafts[key];
    if (text !== undefined) {
      const parsed = parseScoreText(text);
      if ('error' in parsed) return t(`grades.errors.${parsed.error}`);
    }
    return serverErrors[key] ?? null;
  };
  const pendingKeys = Object.keys(drafts).filter((k) => {
    const parsed = parseScoreText(drafts[k]!);
    return 'value' in parsed && parsed.value !== (saved.get(k) ?? null);
  });
  const invalid = Object.keys(drafts).filter((k) => 'error' in parseScoreText(drafts[k]!)).length;
  useUnsavedChanges(pendingKeys.length > 0 || invalid > 0);

  /** Sends the valid, changed drafts among `keys`; drafts the server took are dropped (unless retyped meanwhile). */
  function commit(keys: string[]) {
    chain.current = chain.current.then(async () => {
      const current = draftsRef.current;
      const cells: ScoreCellsInput['cells'] = [];
      const sent: Record<string, string> = {};
      for (const key of keys) {
        const text = current[key];
        if (text === undefined) continue;
        const parsed = parseScoreText(text);
        if ('error' in parsed) continue;
        const [columnId, studentId] = key.split(':').map(Number) as [number, number];
        sent[key] = text;
        if (parsed.value !== (savedRef.current.get(key) ?? null))
          cells.push({ columnId, studentId, score: parsed.value });
      }
      const drop = () =>
        setDrafts((d) => {
          const next = { ...d };
          for (const [key, text] of Object.entries(sent)) if (next[key] === text) delete next[key];
          return next;
        });
      if (!cells.length) {
        drop();
        return;
      }
      try {
        await save.mutateAsync({ cells });
        // the sheet shows the saved values at once (and is read again from the server)
        const values = new Map(cells.map((c) => [keyOf(c.columnId, c.studentId), c.score]));
        client.setQueriesData<ScoreSheet>({ queryKey: ['/scores/sheet'] }, (old) =>
          old && old.classGroup.id === sheet.classGroup.id && old.subject.id === sheet.subject.id
            ? {
                ...old,
                cells: [
                  ...old.cells.filter((c) => !values.has(keyOf(c.columnId, c.studentId))),
                  ...cells.flatMap((c) => (c.score === null ? [] : [{ ...c, score: c.score }])),
                ],
              }
            : old,
        );
        for (const [key, score] of values) {
          if (score === null) savedRef.current.delete(key);
          else savedRef.current.set(key, score);
        }
        setFailed(false);
        setServerErrors((e) => {
          const next = { ...e };
          for (const key of Object.keys(sent)) delete next[key];
          return next;
        });
        drop();
      } catch (error) {
        const fields = isApiError(error) ? error.fields : undefined;
        if (fields) {
          const named: Record<string, string> = {};
          for (const [field, message] of Object.entries(fields)) {
            const i = Number(/^cells\.(\d+)\./.exec(field)?.[1]);
            const cell = cells[i];
            if (cell) named[keyOf(cell.columnId, cell.studentId)] = message;
          }
          setServerErrors((e) => ({ ...e, ...named }));
        }
        setFailed(true);
      }
    });
  }

  const focus = (at: CellKey) => {
    const column = cols[at.col];
    const student = rows[at.row];
    if (column && student) inputs.current.get(keyOf(column.id, student.id))?.focus();
  };

  function onKeyDown(e: KeyboardEvent<HTMLInputElement>, at: CellKey) {
    const input = e.currentTarget;
    const caret = { start: input.selectionStart ?? 0, end: input.selectionEnd ?? 0, length: input.value.length };
    const to = moveFrom(at, e.key, size, caret);
    if (!to) return;
    e.preventDefault();
    if (to.row !== at.row || to.col !== at.col) focus(to);
    else if (e.key === 'Enter') commit([keyOf(cols[at.col]!.id, rows[at.row]!.id)]);
  }

  function onPaste(e: ClipboardEvent<HTMLInputElement>, at: CellKey) {
    if (!editable || fromExam(cols[at.col]!)) {
      e.preventDefault();
      return;
    }
    const text = e.clipboardData.getData('text/plain');
    if (!/[\t\n]/.test(text.replace(/\r?\n$/, ''))) return; // one value: the input takes it as typed
    e.preventDefault();
    const spread = spreadPaste(parsePaste(text), at, size);
    // a paste wide enough to reach an exam's column leaves that column as it is
    const cells = spread.cells.filter((c) => !fromExam(cols[c.col]!));
    const keys = cells.map((c) => keyOf(cols[c.col]!.id, rows[c.row]!.id));
    setDrafts((d) => {
      const next = { ...d };
      cells.forEach((c, i) => (next[keys[i]!] = c.text.trim()));
      return next;
    });
    if (spread.clipped) notifyInfo(t('grades.pasteTooWide'));
    if (cells.length < spread.cells.length) notifyInfo(t('grades.pasteSkippedExam'));
    commit(keys);
  }

  if (!rows.length) return <Text c="dimmed">{t('grades.noStudents')}</Text>;

  return (
    <Stack gap="xs">
      {editable ? (
        <Text size="sm" c="dimmed" id="grid-help">
          {t('grades.gridHelp')}
        </Text>
      ) : (
        <Alert color="gray">{t('grades.readOnly')}</Alert>
      )}
      {anyFromExam && (
        <Text size="sm" c="dimmed" id="grid-from-exam">
          {t('grades.fromExamNote')}
        </Text>
      )}
      <Group gap="sm" aria-live="polite" data-testid="grid-status" mih={36}>
        {save.isPending ? (
          <Text size="sm">{t('grades.saving')}</Text>
        ) : pendingKeys.length > 0 ? (
          <>
            <Text size="sm" c="red.8" fw={600}>
              {t('grades.unsaved', { count: pendingKeys.length })}
            </Text>
            {failed && (
              <Button size="xs" variant="light" onClick={() => commit(pendingKeys)}>
                {t('grades.retry')}
              </Button>
            )}
          </>
        ) : (
          editable && <Text size="sm">{t('grades.savedAll')}</Text>
        )}
        {focused && problemOf(focused) && (
          <Text size="sm" c="red.8" data-testid="cell-problem">
            {problemOf(focused)}
          </Text>
        )}
        {invalid > 0 && (
          <Text size="sm" c="red.8" fw={600}>
            {t('grades.invalid', { count: invalid })}
          </Text>
        )}
      </Group>
      {!cols.length ? (
        <Text c="dimmed">{t('grades.noColumns')}</Text>
      ) : (
        <div className={classes.wrap}>
          <table className={classes.table} data-testid="score-grid">
            <thead>
              <tr>
                <th scope="col" className={classes.name}>
                  {t('grades.student')}
                </th>
                {cols.map((c) => (
                  <th scope="col" key={c.id} data-testid={`column-${c.title}`}>
                    <Stack gap={2} align="center">
                      <Text size="sm" fw={600}>
                        {c.title}
                      </Text>
                      <Group gap={4} wrap="nowrap">
                        <Badge size="xs" variant="light" title={SCORE_KIND_LABELS[c.kind][lang]}>
                          {SCORE_KIND_LABELS[c.kind].short}
                        </Badge>
                        <Text size="xs">{formatDate(c.date, lang, 'short')}</Text>
                      </Group>
                      {fromExam(c) && (
                        <Badge size="xs" variant="outline" color="teal" data-testid={`from-exam-${c.id}`}>
                          {t('grades.fromExam')}
                        </Badge>
                      )}
                      {editable && (
                        <RowActions
                          name={c.title}
                          edit={() => onEditColumn(c)}
                          // an exam's column stays while the exam does: only its kind is changed here
                          remove={
                            fromExam(c)
                              ? undefined
                              : {
                                  title: t('grades.deleteColumn'),
                                  text: t('grades.deleteColumnConfirm', {
                                    title: c.title,
                                    n: sheet.cells.filter((x) => x.columnId === c.id).length,
                                  }),
                                  run: () => remove.mutateAsync(c.id),
                                }
                          }
                        />
                      )}
                    </Stack>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((s, r) => (
                <tr key={s.id}>
                  <th scope="row" className={classes.name}>
                    <Text size="sm">{s.name}</Text>
                    <Text size="xs" c="dimmed">
                      {s.nis}
                    </Text>
                  </th>
                  {cols.map((c, col) => {
                    const key = keyOf(c.id, s.id);
                    const problem = problemOf(key);
                    const exam = fromExam(c);
                    return (
                      <td key={c.id}>
                        <input
                          ref={(el) => {
                            if (el) inputs.current.set(key, el);
                            else inputs.current.delete(key);
                          }}
                          className={classes.cell}
                          inputMode="decimal"
                          autoComplete="off"
                          readOnly={!editable || exam}
                          data-from-exam={exam ? true : undefined}
                          aria-label={t('grades.cellLabel', { student: s.name, column: c.title })}
                          aria-invalid={problem ? true : undefined}
                          aria-describedby={exam ? 'grid-from-exam' : editable ? 'grid-help' : undefined}
                          title={exam ? t('grades.fromExamCell') : (problem ?? undefined)}
                          data-pending={pendingKeys.includes(key) ? true : undefined}
                          value={drafts[key] ?? formatScore(saved.get(key), lang)}
                          onChange={(e) => {
                            const text = e.currentTarget.value;
                            setDrafts((d) => ({ ...d, [key]: text }));
                          }}
                          onFocus={() => setFocused(key)}
                          onBlur={() => {
                            setFocused(null);
                            commit([key]);
                          }}
                          onKeyDown={(e) => onKeyDown(e, { row: r, col })}
                          onPaste={(e) => onPaste(e, { row: r, col })}
                        />
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Stack>
  );
}
