import '../../../i18n/content/index.ts';
import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { WidgetCard, WidgetLoading } from '../../../components/widget-card.tsx';
import { useFeed } from '../api.ts';
import { PostCard } from '../components/post-card.tsx';

/** The dashboard's announcements and news for the signed-in user (the server picks them by audience). */
export default function PostsWidget() {
  const { t } = useTranslation();
  const feed = useFeed();
  return (
    <WidgetCard title={t('content.feed.title')} testId="posts-widget">
      {feed.isPending ? (
        <WidgetLoading />
      ) : feed.isError || !feed.data.items.length ? (
        <Text c="dimmed">{t('content.feed.empty')}</Text>
      ) : (
        <Stack gap="sm">
          {feed.data.items.map((p) => (
            <PostCard key={p.id} post={p} compact />
          ))}
        </Stack>
      )}
    </WidgetCard>
  );
}
