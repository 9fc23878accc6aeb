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

/** The top-level elements of `tags` in `html` (nested ones of the same tags stay inside) with their inner HTML. */
function topLevel(html: string, tags: string) {
  const found: { tag: string; inner: string; start: number; end: number }[] = [];
  let depth = 0;
  let open = { tag: '', start: 0, innerStart: 0 };
  for (const m of html.matchAll(new RegExp(`<(/?)(${tags})\\b[^>]*>`, 'g'))) {
    if (!m[1]) {
      if (depth++ === 0) open = { tag: m[2]!, start: m.index, innerStart: m.index + m[0].length };
    } else if (--depth === 0) {
      found.push({
        tag: open.tag,
        inner: html.slice(open.innerStart, m.index),
        start: open.start,
        end: m.index + m[0].length,
      });
    }
  }
  return found;
}

/** The top-level blocks of mammoth's HTML (paragraphs, headings, lists, tables) with their inner HTML. */
const blocksOf = (html: string) => topLevel(html, 'p|h[1-6]|ul|ol|table');

/** The items of a list: each item's own content, and the lists nested in it (the next numbering level). */
function listItems(list: string) {
  return topLevel(list, 'li').map((li) => {
    const nested = topLevel(li.inner, 'ol|ul');
    let content = li.inner;
    for (const n of [...nested].reverse()) content = content.slice(0, n.start) + content.slice(n.end);
    return { content: content.trim(), nested: nested.map((n) => n.inner) };
  });
}

/** Strips a leading "12. " or "B. " (after any opening formatting tags) from a block's HTML. */
const stripPrefix = (inner: string, prefix: RegExp) =>
  inner.replace(new RegExp(`^((?:<[^>]+>)*)\\s*${prefix.source}`), '$1');

/**
 * Reads the questions of a Word document in the template's format (docs/question-import.md): a numbered paragraph
 * starts a question ("1. ..." typed, or an item of Word's automatic numbering, whose second level holds the
 * options), further paragraphs continue its stem, "A. ..." to "E. ..." are options, and
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
  // numbers typed ("1. "), or Word's automatic numbering: questions at the first level, options at the second
  const typed = blocks.some((b) => /^(p|h\d)$/.test(b.tag) && /^\d+[.)]\s*/.test(decode(b.inner)));
  const addOptions = (q: QuestionRaw, lists: string[]) => {
    for (const item of lists.flatMap(listItems)) {
      const free = OPTION_KEYS.find((k) => q[k] === undefined);
      if (free) q[free] = /<[a-z]/i.test(item.content) ? item.content : decode(item.content);
    }
  };
  for (const block of blocks) {
    const text = decode(block.inner);
    if (!typed && (block.tag === 'ol' || block.tag === 'ul')) {
      const items = listItems(block.inner);
      // a bulleted list with content is part of a stem; an empty item only carries the next level (options)
      if (block.tag === 'ol' || items.every((i) => !decode(i.content))) {
        for (const item of items) {
          if (decode(item.content) || /<img\s/.test(item.content)) {
            current = { stem: `<p>${item.content}</p>` };
            rows.push({ row: rows.length + 1, raw: current });
          }
          if (current) addOptions(current, item.nested);
        }
        continue;
      }
    }
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
  return { rows, images };
}
