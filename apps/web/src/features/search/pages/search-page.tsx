import { Anchor, Badge, Card, Group, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { findMenuLink, type SearchGroup, type SearchHit } from '@mms/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { menuTarget } from '../../../lib/route-names.ts';
import { useSearch } from '../api.ts';

function HitTitle({ hit, lang }: { hit: SearchHit; lang: 'id' | 'en' }) {
  if (!hit.route) return <Text fw={500}>{hit.title}</Text>;
  const label = findMenuLink(hit.route)?.label[lang] ?? hit.title;
  return (
    <Anchor component={Link} to={menuTarget(hit.route)} fw={500}>
      {label}
    </Anchor>
  );
}

function ResultGroup({ group, lang }: { group: SearchGroup; lang: 'id' | 'en' }) {
  const { t } = useTranslation();
  return (
    <Card withBorder radius="md" data-testid={`search-group-${group.kind}`}>
      <Group gap="xs" mb="xs">
        <Title order={2} fz="h5">
          {t(`search.kinds.${group.kind}`)}
        </Title>
        <Badge variant="light">{group.items.length}</Badge>
      </Group>
      <Stack gap={6} component="ul" className="mms-plain-list">
        {group.items.map((hit) => (
          <li key={hit.id}>
            <HitTitle hit={hit} lang={lang} />
            {hit.subtitle && (
              <Text size="xs" c="dimmed">
                {hit.subtitle}
              </Text>
            )}
          </li>
        ))}
      </Stack>
    </Card>
  );
}

/** The generic search page: students, employees, classes, subjects and menu screens the user may open. */
export function SearchPage() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'id';
  const [params, setParams] = useSearchParams();
  const query = params.get('query') ?? '';
  const [draft, setDraft] = useState(query);
  const [seen, setSeen] = useState(query);
  if (seen !== query) {
    setSeen(query);
    setDraft(query);
  }
  const result = useSearch(query);

  return (
    <Stack gap="md">
      <Title order={1} fz="h2">
        {t('search.title')}
      </Title>
      <form
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          setParams({ query: draft.trim() });
        }}
      >
        <TextInput
          aria-label={t('search.label')}
          placeholder={t('search.placeholder')}
          leftSection={<IconSearch size={18} aria-hidden />}
          rightSection={result.isFetching ? <Loader size="xs" /> : undefined}
          value={draft}
          onChange={(e) => setDraft(e.currentTarget.value)}
          maxLength={100}
        />
      </form>
      {!query.trim() ? (
        <Text c="dimmed">{t('search.empty')}</Text>
      ) : result.data ? (
        <Stack gap="md" data-testid="search-results">
          <Text size="sm" c="dimmed">
            {t('search.resultsFor', { query })}
          </Text>
          {result.data.groups.length === 0 ? (
            <Text>{t('search.none', { query })}</Text>
          ) : (
            result.data.groups.map((g) => <ResultGroup key={g.kind} group={g} lang={lang} />)
          )}
        </Stack>
      ) : result.isPending ? (
        <Loader size="sm" />
      ) : null}
    </Stack>
  );
}
