import '../../../i18n/content/index.ts';
import { Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { usePublicPosts } from '../api.ts';
import { PostCard } from '../components/post-card.tsx';

/** The landing page's current public announcements and news (no session; the server caches briefly). */
export default function LandingPosts() {
  const { t } = useTranslation();
  const posts = usePublicPosts();
  return (
    <section aria-labelledby="landing-posts">
      <Title order={2} fz="h3" mb="xs" id="landing-posts">
        {t('content.landing.title')}
      </Title>
      {posts.isPending ? (
        <Skeleton height={90} aria-label={t('app.loading')} />
      ) : posts.isError || !posts.data.items.length ? (
        <Text c="dimmed">{t('content.landing.empty')}</Text>
      ) : (
        <Stack gap="md" data-testid="landing-posts">
          {posts.data.items.map((p) => (
            <PostCard key={p.id} post={p} />
          ))}
        </Stack>
      )}
    </section>
  );
}
