import { QueryClient } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { id } from '../i18n/id.ts';
import { notifyError } from '../lib/notify.ts';
import { initTestI18n } from '../test/render.tsx';
import { AppProviders } from './providers.tsx';

beforeAll(initTestI18n);

describe('notifications of the app', () => {
  // A toast with a title (every error) drew its text in Mantine's gray 6 (3.3:1 on white) and its close button
  // had no name (axe: button-name, critical); the theme fixes both for every notification.
  it('have a named close button and text in the readable dimmed color', async () => {
    render(
      <AppProviders client={new QueryClient()}>
        <p>isi</p>
      </AppProviders>,
    );
    notifyError(new Error('boom'));
    const close = await screen.findByRole('button', { name: 'Tutup' });
    const toast = close.closest('.mantine-Notification-root')!;
    expect(toast.textContent).toContain(id.errors.failed);
    const description = toast.querySelector<HTMLElement>('.mantine-Notification-description')!;
    expect(description.style.color).toBe('var(--mantine-color-dimmed)');
  });
});
