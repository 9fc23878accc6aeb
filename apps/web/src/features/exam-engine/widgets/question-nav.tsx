import { Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import classes from '../components/exam-play.module.css';

export interface NavItem {
  number: number;
  answered: boolean;
  flagged: boolean;
}

/**
 * The question numbers: answered ones filled, unanswered ones outlined, "ragu-ragu" ones yellow with a "?" mark;
 * each button names its state, and a legend explains the look (never colour alone).
 */
export function QuestionNav({
  items,
  current,
  onPick,
}: {
  items: NavItem[];
  current: number;
  onPick: (index: number) => void;
}) {
  const { t } = useTranslation();
  const stateText = (i: NavItem) =>
    [
      i.answered ? t('examPlay.legendAnswered') : t('examPlay.legendUnanswered'),
      i.flagged && t('examPlay.legendFlagged'),
    ]
      .filter(Boolean)
      .join(', ');
  return (
    <nav aria-label={t('examPlay.navTitle')}>
      <Text fw={600} size="sm" mb={6}>
        {t('examPlay.navTitle')}
      </Text>
      <div className={classes.grid}>
        {items.map((item, index) => (
          <Button
            key={item.number}
            className={`${classes.cell} ${index === current ? classes.current : ''}`}
            variant={item.answered ? 'filled' : 'default'}
            color={item.flagged ? 'yellow.4' : 'blue'}
            autoContrast
            aria-label={t('examPlay.navItem', { number: item.number, state: stateText(item) })}
            aria-current={index === current ? 'step' : undefined}
            onClick={() => onPick(index)}
          >
            {item.number}
            {item.flagged && (
              <span className={classes.flagMark} aria-hidden>
                ?
              </span>
            )}
          </Button>
        ))}
      </div>
      <Group gap="md" mt="xs" aria-hidden>
        <Legend variant="filled" color="blue" text={t('examPlay.legendAnswered')} />
        <Legend variant="default" color="blue" text={t('examPlay.legendUnanswered')} />
        <Legend variant="filled" color="yellow.4" text={t('examPlay.legendFlagged')} mark />
      </Group>
    </nav>
  );
}

function Legend({ variant, color, text, mark }: { variant: string; color: string; text: string; mark?: boolean }) {
  return (
    <Group gap={6}>
      <Button component="span" size="compact-xs" variant={variant} color={color} autoContrast tabIndex={-1}>
        1{mark ? '?' : ''}
      </Button>
      <Text size="xs">{text}</Text>
    </Group>
  );
}
