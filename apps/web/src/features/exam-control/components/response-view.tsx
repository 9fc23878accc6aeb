import { Text } from '@mantine/core';
import type { ExamAttemptDetail } from '@mms/shared';
import { responseText } from '../control-model.ts';

type Item = ExamAttemptDetail['items'][number];

/** A student's answer as a proctor reads it: the option, the pairs, the statements' true/false, or the text. */
export function ResponseView({ item }: { item: Item }) {
  const r = item.response;
  const text = responseText(r);
  // essays and short answers keep the student's line breaks
  const written = r && (r.type === 'ESSAY' || r.type === 'SHORT');
  return (
    <Text size="sm" style={written ? { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' } : undefined}>
      {text}
    </Text>
  );
}
