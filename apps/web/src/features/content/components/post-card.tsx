import { Anchor, Group, Image, Stack, Text } from '@mantine/core';
import { jakartaDate, type PublicPost } from '@mms/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { dateText } from '../../../lib/display.ts';

/** The words of a post's rich text, for a short excerpt (no markup). */
export function excerptOf(html: string, max = 160): string {
  // a space after each block, so that paragraphs do not run together
  const spaced = html.replace(/<\/(p|li|h\d|blockquote|td|th)>|<br\s*\/?>/gi, '$& ');
  const text = new DOMParser().parseFromString(spaced, 'text/html').body.textContent?.replace(/\s+/g, ' ').trim() ?? '';
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}

/** A post in a list (landing page, dashboard): cover, kind and date, title linking to its page, an excerpt. */
export function PostCard({ post, compact }: { post: PublicPost; compact?: boolean }) {
  const { t } = useTranslation();
  return (
    <Group align="flex-start" wrap="nowrap" data-testid="post-card">
      {post.coverUrl && !compact && <Image src={post.coverUrl} alt="" w={160} h={90} radius="sm" fit="cover" />}
      <Stack gap={2}>
        <Text size="xs" c="dimmed">
          {t(`content.kind.${post.kind}`)} · {dateText(jakartaDate(new Date(post.publishedAt)))}
        </Text>
        <Anchor component={Link} to={`/posts/${post.id}`} fw={600}>
          {post.title}
        </Anchor>
        {!compact && <Text size="sm">{excerptOf(post.body)}</Text>}
      </Stack>
    </Group>
  );
}
