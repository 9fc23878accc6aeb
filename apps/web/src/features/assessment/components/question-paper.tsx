import { Button, Text } from '@mantine/core';
import type { Question } from '@mms/shared';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PrintButton, PrintedPaper } from '../../../components/print/printed-paper.tsx';
import { QuestionView } from './question-view.tsx';

export interface QuestionPaperProps {
  questions: Question[];
  /** the key version: each question's key and points */
  withKey: boolean;
  /** whose letterhead: the questions' unit */
  unitId: number | null;
  /** what the paper is of (subject and grade, type), under the title */
  subtitle?: string;
  onBack: () => void;
}

/**
 * The naskah soal: the bank's filtered questions on the school's printed paper (letterhead, title), numbered,
 * options lettered, in their rich content; the key version adds each key and its points.
 */
export function QuestionPaper({ questions, withKey, unitId, subtitle, onBack }: QuestionPaperProps) {
  const { t } = useTranslation();
  return (
    <PrintedPaper
      unitId={unitId}
      title={withKey ? t('qbank.io.paperKeyTitle') : t('qbank.io.paperTitle')}
      subtitle={
        <Text size="sm">
          {[subtitle, t('qbank.io.paperCount', { count: questions.length })].filter(Boolean).join(' · ')}
        </Text>
      }
      signed={false}
      actions={
        <>
          <Button variant="subtle" leftSection={<IconArrowLeft size={16} aria-hidden />} onClick={onBack}>
            {t('qbank.io.back')}
          </Button>
          <PrintButton />
        </>
      }
    >
      {questions.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl">
          {t('qbank.io.paperEmpty')}
        </Text>
      ) : (
        <section aria-label={withKey ? t('qbank.io.paperKeyTitle') : t('qbank.io.paperTitle')}>
          {questions.map((q, i) => (
            <QuestionView key={q.id} question={q} no={i + 1} withKey={withKey} />
          ))}
        </section>
      )}
    </PrintedPaper>
  );
}
