import { describe, expect, it } from 'vitest';
import { excerptOf } from './components/post-card.tsx';
import { instantText } from './pages/blog-page.tsx';

describe('post texts', () => {
  it('makes a short excerpt of the words of rich text, without markup', () => {
    expect(excerptOf('<p>Libur <b>semester</b></p><p>dua   minggu</p>')).toBe('Libur semester dua minggu');
    const long = excerptOf(`<p>${'kata '.repeat(100)}</p>`, 20);
    expect(long.length).toBeLessThanOrEqual(20);
    expect(long.endsWith('…')).toBe(true);
  });

  it('shows an instant as Jakarta’s wall clock, whatever the browser’s zone', () => {
    expect(instantText('2026-11-20T17:30:00Z')).toBe('21/11/2026 00:30');
    expect(instantText(null)).toBe('—');
  });
});
