import { Modal, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ROUTES } from '../../lib/route-names.ts';
import { useOpenAfterMount } from './use-open-after-mount.ts';

/**
 * The header search overlay: Escape closes it, submitting opens the generic search page with the query. Its code
 * loads the first time it is opened (backend-layout.tsx).
 */
export function SearchOverlay({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  return (
    <Modal.Root
      opened={useOpenAfterMount(opened)}
      onClose={onClose}
      size="lg"
      yOffset="10vh"
      closeOnEscape
      transitionProps={{ duration: 120 }}
    >
      <Modal.Overlay />
      {/* the dialog itself carries its name (the root is a plain container that may not) */}
      <Modal.Content aria-label={t('search.label')} data-testid="search-overlay">
        <Modal.Body p="xs">
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
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
