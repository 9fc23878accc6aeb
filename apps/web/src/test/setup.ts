import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
// Loaded up front: screens load it lazily on their first notification, and an import still on its way when a test
// file ends fails the run (EnvironmentTeardownError) whichever file it came from.
import '@mantine/notifications';
import { mediaQueryList } from './media-query.ts';

afterEach(() => cleanup());

// findBy*/waitFor wait for an element that a render brings; testing-library's 1 s default is shorter than a
// Mantine table's first render on a busy 2-core machine (a row not found in 1 s failed a CI-like run at load 14).
// A missing element still fails, after 10 s.
configure({ asyncUtilTimeout: 10_000 });

// jsdom lacks these browser APIs that Mantine uses. The empty query matches, as in a browser (it means "all"):
// mantine-datatable shows a column without a media query of its own through it.
window.matchMedia ??= (query: string) => mediaQueryList(query, query === '');
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
