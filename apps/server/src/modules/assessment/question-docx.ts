import mammoth from 'mammoth';
import type { SheetRow } from '../../lib/excel-import.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import { assertSafeZip } from '../../lib/zip-guard.ts';
import { assertSupported, normalise } from '../../lib/uploads.ts';
import { OPTION_KEYS, type QuestionColumnKey, type QuestionRaw } from './question-format.ts';

/** What one Word file may hold and take: its zip unpacked, its pictures, and the time to convert it. */
export const DOCX_LIMITS = { maxEntries: 500, maxTotalBytes: 32 * 1024 * 1024, maxImages: 100, timeoutMs: 20_000 };

/** Where a picture waits until the whole file is good (`/api/v1/questions/images/pending-<n>`). */
export const PENDING_IMAGE = /\/api\/v1\/questions\/images\/pending-(\d+)/g;
export const pendingSrc = (n: number) => `/api/v1/questions/images/pending-${n}`;

/** A picture of the document: re-encoded (uploads.ts), or why it is refused. */
export type DocxImage = { data: Buffer; error?: undefined } | { data?: undefined; error: string };

const notDocx = () => badRequest('Berkas bukan Word (.docx) yang valid', { file: 'Unggah berkas .docx dari template' });

const FIELDS: [RegExp, QuestionColumnKey][] = [
  [/^tipe$/i, 'type'],
  [/^kunci( jawaban)?$/i, 'key'],
  [/^(bobot|skor)$/i, 'points'],
  [/^(kesukaran|tingkat kesukaran)$/i, 'difficulty'],
  [/^(level|level kognitif)$/i, 'cognitiveLevel'],
  [/^(tp|tujuan pembelajaran)$/i, 'objective'],
  [/^label$/i, 'tags'],
  [/^penilaian$/i, 'partial'],
  [/^(pernyataan|pasangan|rubrik)$/i, 'parts'],
];

const decode = (s: string) =>
  s
    .replace(/<[^>]*>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .trim();

/** The top-level blocks of mammoth's HTML (paragraphs, headings, lists, tables) with their inner HTML. */
function blocksOf(html: string): { tag: string; inner: string }[] {
  const blocks: { tag: string; inner: string }[] = [];
  const tags = /<(\/?)(p|h[1-6]|ul|ol|table)\b[^>]*>/g;
  let depth = 0;
  let open = '';
  let innerStart = 0;
  for (const m of html.matchAll(tags)) {
    if (!m[1]) {
      if (depth++ === 0) {
        open = m[2]!;
        innerStart = m.index + m[0].length;
      }
    } else if (--depth === 0) {
      blocks.push({ tag: open, inner: html.slice(innerStart, m.index) });
    }
  }
  return blocks;
}

/** Strips a leading "12. " or "B. " (after any opening formatting tags) from a block's HTML. */
const stripPrefix = (inner: string, prefix: RegExp) =>
  inner.replace(new RegExp(`^((?:<[^>]+>)*)\\s*${prefix.source}`), '$1');

/**
 * Reads the questions of a Word document in the template's format (README, "Bank soal"): a numbered paragraph
 * starts a question ("1. ..."), further paragraphs continue its stem, "A. ..." to "E. ..." are options, and
 * "Tipe: PG", "Kunci: B", "Bobot: 2", "Pernyataan: ... = B" (one per statement) and the like fill the rest.
 * Text before the first number (a title, instructions) is skipped. Pictures are re-encoded now and stored only
 * when the whole file is good: until then they are `pending-<n>` addresses.
 */
export async function readQuestionDocx(
  file: Buffer,
): Promise<{ rows: SheetRow<QuestionColumnKey>[]; images: DocxImage[] }> {
  try {
    assertSafeZip(file, DOCX_LIMITS);
  } catch (err) {
    if (err instanceof AppError && err.code === 'VALIDATION_FAILED') throw notDocx();
    throw err;
  }
  const images: DocxImage[] = [];
  const convertImage = mammoth.images.imgElement(async (image) => {
    const n = images.length;
    if (n >= DOCX_LIMITS.maxImages) {
      images.push({ error: `Paling banyak ${DOCX_LIMITS.maxImages} gambar per berkas` });
    } else {
      const data = await image.readAsBuffer();
      try {
        const mime = assertSupported(data);
        if (mime === 'application/pdf') throw new AppError('VALIDATION_FAILED', 'Gambar harus JPG atau PNG');
        images.push({ data: await normalise(data, mime) });
      } catch (err) {
        images.push({ error: err instanceof AppError ? err.message : 'Gambar tidak dapat dibaca' });
      }
    }
    return { src: pendingSrc(n) };
  });
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new AppError('UNPROCESSABLE', 'Berkas Word terlalu lama diproses; bagi menjadi beberapa berkas')),
      DOCX_LIMITS.timeoutMs,
    );
  });
  let html: string;
  try {
    html = (await Promise.race([mammoth.convertToHtml({ buffer: file }, { convertImage }), timeout])).value;
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw notDocx();
  } finally {
    clearTimeout(timer);
  }

  const rows: SheetRow<QuestionColumnKey>[] = [];
  let current: QuestionRaw | null = null;
  const blocks = blocksOf(html);
  for (const block of blocks) {
    const text = decode(block.inner);
    const number = /^(\d+)[.)]\s*/.exec(text);
    if (number && /^(p|h\d)$/.test(block.tag)) {
      current = { stem: `<p>${stripPrefix(block.inner, /\d+[.)]\s*/)}</p>` };
      rows.push({ row: rows.length + 1, raw: current });
      continue;
    }
    if (!current) continue;
    const option = /^([A-E])[.)]\s+/.exec(text);
    const field = /^([A-Za-z ]{2,25}):\s*(.*)$/s.exec(text);
    const fieldKey = field && FIELDS.find(([re]) => re.test(field[1]!.trim()))?.[1];
    if (option && block.tag === 'p') {
      const inner = stripPrefix(block.inner, /[A-E][.)]\s+/).trim();
      // formatted options stay HTML; plain ones become the text a cell holds (escaped again when parsed)
      current[OPTION_KEYS[option[1]!.charCodeAt(0) - 65]!] = /<[a-z]/i.test(inner) ? inner : decode(inner);
    } else if (fieldKey === 'parts') {
      current.parts = [current.parts, field![2]!.trim()].filter(Boolean).join('\n');
    } else if (fieldKey) {
      current[fieldKey] = field![2]!.trim();
    } else if (text || /<img\s/.test(block.inner)) {
      const tail = OPTION_KEYS.some((k) => current![k]) || current.type || current.key;
      // a paragraph after the options and fields is more of the stem only if nothing else was written yet
      if (!tail)
        current.stem += block.tag === 'p' ? `<p>${block.inner}</p>` : `<${block.tag}>${block.inner}</${block.tag}>`;
      else current.parts = [current.parts, text].filter(Boolean).join('\n');
    }
  }
  if (!rows.length && blocks.some((b) => b.tag === 'ol')) {
    throw badRequest('Nomor soal dari penomoran otomatis Word tidak terbaca; ketik nomor soal sendiri ("1. ")', {
      file: 'Ketik nomor soal sendiri',
    });
  }
  return { rows, images };
}
