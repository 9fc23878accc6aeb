import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/page-title.tsx';
import { MyPrayers } from '../../prayer/widgets/my-prayers.ts';
import { MyQuran } from '../components/my-quran.tsx';

/** 'BTQ & salat saya': the signed-in student's Quran reading, and (from the prayer module) their prayers. */
export function StudentQuranPage() {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <PageTitle>{t('btqProgress.mine.title')}</PageTitle>
      <MyQuran />
      <MyPrayers />
    </Stack>
  );
}
