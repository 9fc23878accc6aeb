import { waitFor } from '@testing-library/react';
import { expect } from 'vitest';

/**
 * Writes a paragraph's text into a rich-text editor (its `textbox`) as ProseMirror reads a change of its DOM (jsdom
 * has no typing of its own), and waits until the editor's document holds the text: ProseMirror's DOM observer reads
 * the change after the DOM has it, and the editor's `onChange` runs with that update.
 */
export async function writeRichText(box: HTMLElement, text: string): Promise<void> {
  box.querySelector('p')!.textContent = text;
  // Tiptap keeps its editor on the editable element
  const editor = () => (box as HTMLElement & { editor?: { getText: () => string } }).editor;
  await waitFor(() => expect(editor()?.getText()).toBe(text));
}
