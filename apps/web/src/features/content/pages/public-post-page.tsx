import '../../../i18n/content/index.ts';
import { Anchor, AppShell, Button, Container, Group, Image, Skeleton, Stack, Text, Title } from '@mantine/core';
import { APP_NAME, jakartaDate } from '@mms/shared';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { dateText } from '../../../lib/display.ts';
import { RichContent } from '../../../lib/rich-content.tsx';
import { useSession } from '../../../lib/session.ts';
import { usePublicPost } from '../api.ts';

/**
 * public-post (/posts/:id): a public post for everyone, another only for its audience; anything else reads
 * "not found" (the server answers 404, never 403, so a post's existence is not revealed).
 */
export function PublicPostPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const postId = Number(id);
  const valid = Number.isInteger(postId) && postId > 0 && postId <= 2_147_483_647;
  const { data: user } = useSession();
  const post = usePublicPost(valid ? postId : 0);

  return (
    <AppShell header={{ height: 60 }} padding="md">
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between">
          <Anchor component={Link} to="/" fw={800} fz="lg" c="inherit" underline="never">
            {APP_NAME}
          </Anchor>
          <Button component={Link} to={user ? '/backend/dashboard' : '/auth/signin'} variant="light">
            {user ? t('landing.toDashboard') : t('landing.signIn')}
          </Button>
        </Group>
      </AppShell.Header>
      <AppShell.Main id="main">
        <Container size="md" py="xl">
          {!valid || post.isError ? (
            <Stack>
              <Title order={1}>{t('content.public.notFound')}</Title>
              <Text>{t('content.public.notFoundText')}</Text>
              <Anchor component={Link} to="/">
                {t('content.public.back')}
              </Anchor>
            </Stack>
          ) : post.isPending ? (
            <Skeleton h={240} aria-label={t('app.loading')} />
          ) : (
            <article>
              <Stack>
                <Text size="sm" c="dimmed">
                  {t(`content.kind.${post.data.kind}`)} · {dateText(jakartaDate(new Date(post.data.publishedAt)))}
                </Text>
                <Title order={1}>{post.data.title}</Title>
                {post.data.coverUrl && <Image src={post.data.coverUrl} alt="" radius="md" />}
                <RichContent html={post.data.body} />
                <Anchor component={Link} to="/">
                  {t('content.public.back')}
                </Anchor>
              </Stack>
            </article>
          )}
        </Container>
      </AppShell.Main>
    </AppShell>
  );
}
