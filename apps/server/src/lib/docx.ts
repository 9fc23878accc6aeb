import {
  AlignmentType,
  Document,
  ImageRun,
  LevelFormat,
  Packer,
  Paragraph,
  TextRun,
  type ILevelsOptions,
  type ParagraphChild,
} from 'docx';

/** A run of a generated Word document: text (bold or not) or a PNG picture. */
export type DocxRun = string | { bold: string } | { png: Buffer; widthPx: number; heightPx: number };
/** A paragraph: runs, or runs in Word's automatic numbering (`level` 0: 1. 2. 3., level 1: A. B. C.). */
export type DocxParagraph = DocxRun | DocxRun[] | { level: 0 | 1; runs: DocxRun[] };

const NUMBERING = 'questions';
const level = (n: 0 | 1, format: (typeof LevelFormat)[keyof typeof LevelFormat]): ILevelsOptions => ({
  level: n,
  format,
  text: `%${n + 1}.`,
  start: 1,
  alignment: AlignmentType.START,
});

function run(r: DocxRun): ParagraphChild {
  if (typeof r === 'string') return new TextRun(r);
  if ('bold' in r) return new TextRun({ text: r.bold, bold: true });
  return new ImageRun({ type: 'png', data: r.png, transformation: { width: r.widthPx, height: r.heightPx } });
}

function paragraph(p: DocxParagraph): Paragraph {
  if (typeof p === 'object' && 'level' in p)
    return new Paragraph({ numbering: { reference: NUMBERING, level: p.level }, children: p.runs.map(run) });
  return new Paragraph({ children: (Array.isArray(p) ? p : [p]).map(run) });
}

/**
 * A Word document of paragraphs with text, bold text, inline PNG pictures and two-level automatic numbering,
 * written by the `docx` library (a maintained, complete OOXML writer): the question template teachers fill in,
 * and the documents the import tests read back.
 */
export function writeDocx(paragraphs: DocxParagraph[]): Promise<Buffer> {
  const doc = new Document({
    numbering: {
      config: [{ reference: NUMBERING, levels: [level(0, LevelFormat.DECIMAL), level(1, LevelFormat.UPPER_LETTER)] }],
    },
    sections: [{ children: paragraphs.map(paragraph) }],
  });
  return Packer.toBuffer(doc);
}
