import { Badge, Group, Stack, Table, Text } from '@mantine/core';
import type { Question } from '@mms/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { provideMath, RichContent } from '../../../lib/rich-content.tsx';
import { renderMath } from '../../../lib/rich-math.ts';
import classes from './question-view.module.css';

// the bank's preview and the printed papers show formulas typeset at once (a print does not wait for a chunk)
provideMath(renderMath);

/** A, B, C, ... for the n-th option. */
const letter = (i: number) => String.fromCharCode(65 + i);

/**
 * A question as a student reads it (stem, lettered options, statements, pairs, an answer line), and with
 * `withKey` as the marker reads it (the key marked, the points, the accepted answers and rubric). The one view of
 * a question: the bank's preview and the printed paper.
 */
export function QuestionView({ question, no, withKey }: { question: Question; no?: number; withKey: boolean }) {
  const { t } = useTranslation();
  const c = question.content;
  const keyLine = (text: string) => (
    <Text size="sm" fw={600} data-testid="question-key">
      {t('qbank.io.key')}: {text}
    </Text>
  );
  let body: ReactNode;
  let key: string | null = null;
  if (c.type === 'SINGLE' || c.type === 'MULTIPLE') {
    const keys = typeof c.key === 'string' ? [c.key] : c.key;
    body = (
      <ol className={classes.options} type="A">
        {c.options.map((o, i) => (
          <li key={o.id} className={withKey && keys.includes(o.id) ? classes.keyed : undefined}>
            <span className={classes.letter}>{letter(i)}.</span> <RichContent inline html={o.text} />
          </li>
        ))}
      </ol>
    );
    key = keys.map((k) => letter(c.options.findIndex((o) => o.id === k))).join(', ');
  } else if (c.type === 'TRUE_FALSE') {
    body = (
      <Table withTableBorder withColumnBorders className={classes.table}>
        <Table.Tbody>
          {c.statements.map((s, i) => (
            <Table.Tr key={s.id}>
              <Table.Td w={32}>{i + 1}.</Table.Td>
              <Table.Td>
                <RichContent inline html={s.text} />
              </Table.Td>
              <Table.Td w={80} ta="center">
                {withKey ? (c.key[s.id] ? t('qbank.true') : t('qbank.false')) : t('qbank.io.trueFalse')}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    );
  } else if (c.type === 'MATCHING') {
    body = (
      <Group align="flex-start" grow className={classes.matching}>
        <ol className={classes.options}>
          {c.left.map((l, i) => (
            <li key={l.id}>
              <span className={classes.letter}>{i + 1}.</span> <RichContent inline html={l.text} />
            </li>
          ))}
        </ol>
        <ol className={classes.options} type="A">
          {c.right.map((r, i) => (
            <li key={r.id}>
              <span className={classes.letter}>{letter(i)}.</span> <RichContent inline html={r.text} />
            </li>
          ))}
        </ol>
      </Group>
    );
    key = c.left.map((l, i) => `${i + 1}-${letter(c.right.findIndex((r) => r.id === c.key[l.id]))}`).join(', ');
  } else if (c.type === 'SHORT') {
    body = !withKey && <Text size="sm">{t('qbank.io.answerLine')}</Text>;
    key = c.accepted
      .map((a) => ('text' in a ? a.text : `${a.number}${a.tolerance ? ` ± ${a.tolerance}` : ''}`))
      .join(' / ');
  } else {
    body = withKey && (
      <Stack gap={4}>
        {c.rubric.length > 0 && (
          <Table withTableBorder className={classes.table}>
            <Table.Tbody>
              {c.rubric.map((r) => (
                <Table.Tr key={r.criterion}>
                  <Table.Td>{r.criterion}</Table.Td>
                  <Table.Td w={60} ta="right">
                    {r.points}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        {c.modelAnswer && (
          <div>
            <Text size="sm" fw={600}>
              {t('qbank.io.modelAnswer')}
            </Text>
            <RichContent html={c.modelAnswer} />
          </div>
        )}
      </Stack>
    );
  }
  return (
    <div className={classes.question} data-testid="question-view">
      <div className={classes.stemLine}>
        {no !== undefined && <span className={classes.no}>{no}.</span>}
        <Stack gap={6} className={classes.stemBody}>
          <RichContent html={question.stem} />
          {body}
          {withKey && (
            <Group gap="xs">
              {key !== null && keyLine(key)}
              <Badge variant="light" size="sm">
                {t('qbank.io.pointsN', { n: question.points })}
              </Badge>
            </Group>
          )}
        </Stack>
      </div>
    </div>
  );
}
