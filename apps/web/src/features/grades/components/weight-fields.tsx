import { Fieldset, NumberInput, SimpleGrid } from '@mantine/core';
import { SCORE_KIND_GROUPS, SCORE_KIND_LABELS, type ScoreKind } from '@mms/shared';
import { useTranslation } from 'react-i18next';

type Field = (name: `weights.${ScoreKind}`) => { value: unknown; onChange: (next: unknown) => void; error?: string };

/**
 * The weights of the kinds, grouped as the Kurikulum Merdeka names them: formatif (nilai harian, tugas, formatif),
 * sumatif lingkup materi (sumatif, PTS), sumatif akhir semester (PAS) (SCORE_KIND_GROUPS).
 */
export function WeightFields({ field, disabled = false }: { field: Field; disabled?: boolean }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'id';
  return (
    <>
      {SCORE_KIND_GROUPS.map((g) => (
        <Fieldset key={g.key} legend={g[lang]} disabled={disabled} p="xs">
          <SimpleGrid cols={{ base: 2, sm: 3 }}>
            {g.kinds.map((k) => {
              const f = field(`weights.${k}`);
              return (
                <NumberInput
                  key={k}
                  label={t('grades.weightOf', { kind: SCORE_KIND_LABELS[k][lang] })}
                  value={f.value as number | string}
                  onChange={f.onChange}
                  error={f.error}
                  min={0}
                  max={100}
                  allowDecimal={false}
                />
              );
            })}
          </SimpleGrid>
        </Fieldset>
      ))}
    </>
  );
}
