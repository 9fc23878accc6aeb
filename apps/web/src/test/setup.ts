import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
// Loaded up front: screens load it lazily on their first notification, and an import still on its way when a test
// file ends fails the run (EnvironmentTeardownError) whichever file it came from.
import '@mantine/notifications';
import { mediaQueryList } from './media-query.ts';

afterEach(() => cleanup());

// jsdom lacks these browser APIs that Mantine uses.
window.matchMedia ??= (query: string) => mediaQueryList(query);
class NoopObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver ??= NoopObserver as unknown as typeof ResizeObserver;
window.scrollTo = () => {};
Element.prototype.scrollTo ??= () => {};
// Textarea autosize listens for web fonts loading
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: { addEventListener: () => {}, removeEventListener: () => {}, ready: Promise.resolve() },
  });
}
