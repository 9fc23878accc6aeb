import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { id } from '../i18n/id.ts';
import { registerAssessmentMessages } from '../i18n/assessment/index.ts';
import { richContentHtml } from '../lib/rich-content.tsx';
import { renderWithApp } from '../test/render.tsx';
import { writeRichText } from '../test/rich-text.ts';
import { RichTextEditor } from './rich-text-editor.tsx';

const codePoints = (s: string) => [...s].map((c) => c.codePointAt(0));
const BISMILLAH = 'بِسْمِ اللَّهِ';
const IMAGE = '/api/v1/questions/images/0123456789abcdef0123456789abcdef';

beforeAll(async () => {
  // jsdom lays nothing out: ProseMirror scrolls the selection into view after a command
  Range.prototype.getClientRects = () => ({ length: 0, item: () => null, [Symbol.iterator]: [][Symbol.iterator] });
  Range.prototype.getBoundingClientRect = () => new DOMRect();
  if (!i18next.isInitialized) {
    await i18next.use(initReactI18next).init({
      resources: { id: { translation: id } },
      lng: 'id',
      interpolation: { escapeValue: false },
    });
  }
  registerAssessmentMessages();
});

async function renderEditor(value = '') {
  const onChange = vi.fn<(html: string) => void>();
  const onUploadImage = vi.fn((_file: File) => Promise.resolve(IMAGE));
  await renderWithApp(
    <RichTextEditor label="Soal" required value={value} onChange={onChange} onUploadImage={onUploadImage} />,
  );
  const box = screen.getByRole('textbox', { name: 'Soal' });
  const last = () => onChange.mock.calls.at(-1)?.[0] ?? '';
  return { box, onChange, onUploadImage, last };
}

describe('the rich-text editor', { timeout: 30_000 }, () => {
  it('names every control of its toolbar, and each is a button reached by Tab', async () => {
    await renderEditor();
    for (const name of [
      'Tebal',
      'Miring',
      'Garis bawah',
      'Subskrip',
      'Superskrip',
      'Daftar berpoin',
      'Daftar bernomor',
      'Rumus',
      'Arab',
      'Unggah gambar',
    ]) {
      const control = screen.getByRole('button', { name });
      expect(control.tagName).toBe('BUTTON');
      expect(control.tabIndex).not.toBe(-1);
    }
  });

  it('marks a paragraph Arabic (right-to-left) with its harakat intact', async () => {
    const { box, last } = await renderEditor();
    await writeRichText(box, BISMILLAH);
    fireEvent.click(screen.getByRole('button', { name: 'Arab' }));
    await waitFor(() => expect(last()).toBe(`<p dir="rtl" lang="ar">${BISMILLAH}</p>`));
    expect(box.querySelector('p')!.getAttribute('dir')).toBe('rtl');
    fireEvent.click(screen.getByRole('button', { name: 'Arab' }));
    await waitFor(() => expect(last()).toBe(`<p>${BISMILLAH}</p>`));
  });

  it('inserts a formula written in LaTeX, shown with KaTeX in the editor and its dialog', async () => {
    const { box, last } = await renderEditor('<p>Hasil: </p>');
    fireEvent.click(screen.getByRole('button', { name: 'Rumus' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rumus (LaTeX)' });
    fireEvent.change(within(dialog).getByLabelText('Rumus dalam LaTeX'), { target: { value: '\\frac{1}{2}' } });
    expect(dialog.querySelector('[data-math-preview] .katex annotation')?.textContent).toBe('\\frac{1}{2}');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sisipkan' }));
    await waitFor(() => expect(last()).toContain('<span data-latex="\\frac{1}{2}"></span>'));
    expect(box.querySelector('[data-math-node] .katex annotation')?.textContent).toBe('\\frac{1}{2}');
  });

  it('uploads a picture and places it where it is served', async () => {
    const { onUploadImage, last } = await renderEditor('<p>Perhatikan gambar</p>');
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'gambar.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [file] } });
    await waitFor(() => expect(onUploadImage).toHaveBeenCalledWith(file));
    await waitFor(() => expect(last()).toContain(`<img src="${IMAGE}" alt="">`));
  });

  it('opens what it wrote again as it was, and RichContent shows it the same (KaTeX, Arabic right-to-left)', async () => {
    const html =
      '<p><strong>Tebal</strong> x<sup>2</sup> <span data-latex="\\frac{1}{2}"></span></p>' +
      `<p dir="rtl" lang="ar">${BISMILLAH}</p>`;
    const { box } = await renderEditor(html);
    expect(box.querySelector('[data-math-node] .katex annotation')?.textContent).toBe('\\frac{1}{2}');
    expect(box.querySelector('p[dir="rtl"][lang="ar"]')!.textContent).toBe(BISMILLAH);

    const shown = document.createElement('div');
    shown.innerHTML = richContentHtml(html);
    expect(shown.querySelector('.katex annotation')?.textContent).toBe('\\frac{1}{2}');
    expect(shown.querySelector('strong')!.textContent).toBe('Tebal');
    const arabic = shown.querySelector('p[dir="rtl"][lang="ar"]')!;
    expect(codePoints(arabic.textContent!)).toEqual(codePoints(BISMILLAH));
  });
});
