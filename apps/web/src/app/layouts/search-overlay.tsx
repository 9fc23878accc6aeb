import { Modal, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ROUTES } from '../route-names.ts';

/** The header search overlay: Escape closes it, submitting opens the generic search page with the query. */
export function SearchOverlay({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      withCloseButton={false}
      size="lg"
      yOffset="10vh"
      padding="xs"
      title={undefined}
      aria-label={t('search.label')}
      closeOnEscape
      transitionProps={{ duration: 120 }}
    >
      <form
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          const q = query.trim();
          onClose();
          setQuery('');
          void navigate(`${ROUTES['generic-search']}?query=${encodeURIComponent(q)}`);
        }}
      >
        <TextInput
          data-autofocus
          size="lg"
          variant="unstyled"
          leftSection={<IconSearch size={20} aria-hidden />}
          placeholder={t('search.placeholder')}
          aria-label={t('search.label')}
          value={query}
          onChange={(e) => setQuery(e.currentTarget.value)}
          data-testid="search-overlay-input"
        />
      </form>
    </Modal>
  );
}
