import { render, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { hasMath, loadMath, mathLoaded, mathRequested, RichContent, richContentHtml } from './rich-content.tsx';

const codePoints = (s: string) => [...s].map((c) => c.codePointAt(0));

// first, while KaTeX is not loaded (this module's state is the file's: these run before the others load it)
describe('KaTeX on demand', () => {
  it('is not loaded for a text without formulas, and shows a formula as its source until it is', async () => {
    const plain = render(<RichContent html="<p>Tanpa rumus</p>" />);
    expect(plain.container.textContent).toBe('Tanpa rumus');
    // rendered, its effects run: nothing asked for KaTeX
    expect(mathRequested()).toBe(false);
    expect(mathLoaded()).toBe(false);
    expect(hasMath('<p>a \\(x\\)</p>')).toBe(true);
    expect(hasMath('<p>x = <span data-latex="y"></span></p>')).toBe(true);
    expect(hasMath('<p>(x) dan [y]</p>')).toBe(false);

    const { container } = render(<RichContent html="<p>Luas \(\pi r^2\)</p>" />);
    const pending = container.querySelector('[data-math-pending]');
    expect(pending?.textContent).toBe('\\(\\pi r^2\\)');
    await waitFor(() => expect(container.querySelector('.katex annotation')?.textContent).toBe('\\pi r^2'));
    expect(container.querySelector('[data-math-pending]')).toBeNull();
    expect(mathLoaded()).toBe(true);
  });
});

describe('richContentHtml', () => {
  beforeAll(() => loadMath());

  it('renders inline and display formulas with KaTeX', () => {
    const doc = new DOMParser().parseFromString(
      richContentHtml('<p>Luas \\(\\pi r^2\\) dan</p><p>\\[\\frac{a}{b}\\]</p>'),
      'text/html',
    );
    expect(doc.querySelectorAll('.katex')).toHaveLength(2);
    expect(doc.querySelector('.katex-display .mfrac')).not.toBeNull();
    expect(doc.querySelector('annotation')?.textContent).toBe('\\pi r^2');
    expect(doc.body.textContent).toContain('Luas');
  });

  it("renders the editor's data-latex spans", () => {
    const html = richContentHtml('<p>x = <span data-latex="\\sqrt{2}"></span></p>');
    expect(html).toContain('class="katex"');
    expect(html).toContain('msqrt');
  });

  it('shows an invalid formula as its source with an error mark, without throwing', () => {
    const doc = new DOMParser().parseFromString(richContentHtml('<p>Salah \\(\\frac{1}{\\) ya</p>'), 'text/html');
    const error = doc.querySelector('[data-math-error]');
    expect(error?.textContent).toBe('\\(\\frac{1}{\\)');
    expect(error?.getAttribute('title')).toMatch(/KaTeX|Expected|parse/i);
    expect(doc.querySelector('.katex')).toBeNull();
    expect(doc.body.textContent).toContain('ya');
  });

  it('marks Arabic right-to-left in Arabic and keeps its harakat', () => {
    const arabic = 'بِسْمِ اللَّهِ الرَّحْمَٰنِ الرَّحِيمِ';
    const doc = new DOMParser().parseFromString(richContentHtml(`<p>Artikan: ${arabic}.</p>`), 'text/html');
    const span = doc.querySelector('span[lang="ar"]');
    expect(span?.getAttribute('dir')).toBe('rtl');
    expect(codePoints(span?.textContent ?? '')).toEqual(codePoints(arabic));
    expect(doc.body.textContent).toBe(`Artikan: ${arabic}.`);
  });

  it('keeps an Arabic passage marked by the author, adding its direction', () => {
    const html = richContentHtml('<p lang="ar">قُلْ هُوَ</p>');
    expect(html).toBe('<p lang="ar" dir="rtl">قُلْ هُوَ</p>');
  });
});

describe('RichContent', () => {
  it('renders the HTML in a block, or inline for an option', () => {
    const { container } = render(
      <>
        <RichContent html="<p><strong>Tebal</strong> \(x^2\)</p>" />
        <RichContent inline html="pilihan" />
      </>,
    );
    expect(container.querySelector('div[data-rich-content] strong')?.textContent).toBe('Tebal');
    expect(container.querySelector('div[data-rich-content] .katex')).not.toBeNull();
    expect(container.querySelector('span[data-rich-content]')?.textContent).toBe('pilihan');
  });
});
