import {
  QUESTION_TYPE_CODES,
  QUESTION_TYPES,
  QuestionInput,
  type AcceptedAnswer,
  type Question,
  type QuestionContent,
  type QuestionType,
} from '@mms/shared';
import type { ImportColumn, RowContext } from '../../lib/excel-import.ts';
import { AppError } from '../../lib/errors.ts';
import { cleanQuestion } from './question.service.ts';

/**
 * The question bank's cell format, shared by the Excel and the Word template (README, "Bank soal"): one entry per
 * question with its type, stem, options A-E, parts (statements, pairs or rubric, one per line), key, points and
 * the rest. Parts and options are plain text (or HTML when they start with a tag); what Excel cannot hold (more
 * than five options) is the form's.
 */
export const OPTION_KEYS = ['optionA', 'optionB', 'optionC', 'optionD', 'optionE'] as const;
export type QuestionColumnKey =
  | 'type'
  | 'stem'
  | (typeof OPTION_KEYS)[number]
  | 'parts'
  | 'key'
  | 'partial'
  | 'points'
  | 'difficulty'
  | 'cognitiveLevel'
  | 'objective'
  | 'tags';

export const QUESTION_COLUMNS: readonly ImportColumn<QuestionColumnKey>[] = [
  { key: 'type', header: 'Tipe', required: true },
  { key: 'stem', header: 'Soal', required: true },
  ...OPTION_KEYS.map((key, i) => ({ key, header: `Pilihan ${String.fromCharCode(65 + i)}`, required: false })),
  { key: 'parts', header: 'Pernyataan/Pasangan/Rubrik', required: false },
  { key: 'key', header: 'Kunci', required: false },
  { key: 'partial', header: 'Penilaian', required: false },
  { key: 'points', header: 'Bobot', required: true },
  { key: 'difficulty', header: 'Kesukaran', required: false },
  { key: 'cognitiveLevel', header: 'Level kognitif', required: false },
  { key: 'objective', header: 'Tujuan pembelajaran (TP)', required: false },
  { key: 'tags', header: 'Label', required: false },
];

export type QuestionRaw = Partial<Record<QuestionColumnKey, string>>;

const PARTIAL_CODES = { SEBAGIAN: 'PARTIAL', SEMUA: 'ALL' } as const;
const TRUE_WORDS = new Set(['B', 'BENAR', 'T', 'TRUE']);
const FALSE_WORDS = new Set(['S', 'SALAH', 'F', 'FALSE']);

const typeOf = (code: string): QuestionType | undefined => {
  const upper = code.trim().toUpperCase();
  return QUESTION_TYPES.find((t) => t === upper || QUESTION_TYPE_CODES[t] === upper);
};

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const unescapeHtml = (s: string) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&nbsp;|&#160;/g, ' ')
    .replace(/&amp;/g, '&');

/** Whether a cell holds HTML (a formatting tag of the bank's rich text) rather than plain text. */
const looksHtml = (s: string) =>
  /<\/?(p|br|strong|b|em|i|u|s|sub|sup|span|img|ul|ol|li|table|blockquote)\b[^>]*>/i.test(s);

/** A stem cell as rich text: HTML as written, plain text escaped with a paragraph per blank-line block. */
export function stemHtml(cell: string): string {
  if (looksHtml(cell)) return cell.trim();
  return cell
    .split(/\n{2,}/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`)
    .join('');
}

/** An option's or a part's cell as rich text (no paragraph). */
export const partHtml = (cell: string) => (looksHtml(cell) ? cell.trim() : escapeHtml(cell.trim()));

/** Rich text as a cell: plain text when it is only paragraphs of text (so a teacher can edit it), else the HTML. */
export function htmlCell(html: string, part = false): string {
  const text = unescapeHtml(
    html
      .replace(/<\/p>\s*<p>/g, '\n\n')
      .replace(/<br\s*\/?>/g, '\n')
      .replace(/^<p>|<\/p>$/g, ''),
  );
  return (part ? partHtml(text) : stemHtml(text)) === html ? text : html;
}

/** `text = value` lines of a parts cell, split at the last "=". */
const lines = (cell: string | undefined) =>
  (cell ?? '')
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean)
    .map((line) => {
      const at = line.lastIndexOf('=');
      return at < 0 ? { text: line, value: '' } : { text: line.slice(0, at).trim(), value: line.slice(at + 1).trim() };
    });

const decimal = (s: string) => (/^-?\d+([.,]\d+)?$/.test(s.trim()) ? Number(s.trim().replace(',', '.')) : NaN);

/** Accepted short answers "Jakarta | =3,14±0,01": a number after "=", with a tolerance after "±". */
function acceptedOf(cell: string): AcceptedAnswer[] | string {
  const out: AcceptedAnswer[] = [];
  for (const entry of cell
    .split('|')
    .map((e) => e.trim())
    .filter(Boolean)) {
    if (!entry.startsWith('=')) {
      out.push({ text: entry });
      continue;
    }
    const [num, tol] = entry.slice(1).split(/±|\+-/);
    const number = decimal(num ?? '');
    const tolerance = tol === undefined ? 0 : decimal(tol);
    if (Number.isNaN(number) || Number.isNaN(tolerance))
      return `Jawaban angka "${entry}" tidak valid (contoh =3,14±0,01)`;
    out.push({ number, tolerance });
  }
  return out;
}

const letterIds = (keys: string) =>
  keys
    .toUpperCase()
    .split(/[\s,;]+/)
    .filter(Boolean);

/** The question's content from its cells; reports problems at their column and answers undefined. */
function contentOf(
  type: QuestionType,
  raw: QuestionRaw,
  fail: RowContext<QuestionColumnKey>['fail'],
  partial: 'ALL' | 'PARTIAL',
): QuestionContent | undefined {
  const key = raw.key ?? '';
  switch (type) {
    case 'SINGLE':
    case 'MULTIPLE': {
      const options = OPTION_KEYS.flatMap((k, i) =>
        raw[k] ? [{ id: String.fromCharCode(97 + i), text: partHtml(raw[k]) }] : [],
      );
      const letters = letterIds(key);
      if (!letters.length) return (fail('key', 'Kunci wajib diisi (huruf pilihan, misalnya B)'), undefined);
      if (letters.some((l) => !/^[A-E]$/.test(l) || !raw[`option${l}` as QuestionColumnKey])) {
        return (fail('key', 'Kunci harus huruf pilihan yang terisi (A sampai E)'), undefined);
      }
      const ids = letters.map((l) => l.toLowerCase());
      if (type === 'SINGLE') {
        if (ids.length > 1) return (fail('key', 'Pilihan ganda hanya punya satu kunci'), undefined);
        return { type, options, key: ids[0]! };
      }
      return { type, options, key: ids, partial };
    }
    case 'TRUE_FALSE': {
      const rows = lines(raw.parts);
      if (!rows.length)
        return (fail('parts', 'Tulis pernyataan, satu per baris: "teks = B" atau "teks = S"'), undefined);
      const bad = rows.find((r) => !TRUE_WORDS.has(r.value.toUpperCase()) && !FALSE_WORDS.has(r.value.toUpperCase()));
      if (bad)
        return (fail('parts', `Pernyataan "${bad.text}" perlu "= B" (benar) atau "= S" (salah) di akhir`), undefined);
      const statements = rows.map((r, i) => ({ id: `s${i + 1}`, text: partHtml(r.text) }));
      const keys = Object.fromEntries(rows.map((r, i) => [`s${i + 1}`, TRUE_WORDS.has(r.value.toUpperCase())]));
      return { type, statements, key: keys, partial };
    }
    case 'MATCHING': {
      const rows = lines(raw.parts);
      const pairs = rows.filter((r) => r.text);
      if (rows.some((r) => !r.value))
        return (fail('parts', 'Tulis pasangan, satu per baris: "kiri = kanan"'), undefined);
      const left = pairs.map((r, i) => ({ id: `l${i + 1}`, text: partHtml(r.text) }));
      const right = [...pairs, ...rows.filter((r) => !r.text)].map((r, i) => ({
        id: `r${i + 1}`,
        text: partHtml(r.value),
      }));
      return { type, left, right, key: Object.fromEntries(left.map((l, i) => [l.id, `r${i + 1}`])), partial };
    }
    case 'SHORT': {
      const accepted = acceptedOf(key);
      if (typeof accepted === 'string') return (fail('key', accepted), undefined);
      return { type, accepted };
    }
    case 'ESSAY': {
      const rubric = lines(raw.parts).map((r) => ({ criterion: r.text, points: Number(r.value), description: null }));
      const bad = rubric.find((r) => !Number.isInteger(r.points) || r.points < 1);
      if (bad)
        return (fail('parts', `Kriteria "${bad.criterion}" perlu skor bulat di akhir, misalnya "= 2"`), undefined);
      return { type, rubric, modelAnswer: key ? stemHtml(key) : null };
    }
  }
}

/** Where an issue of the contract at `path` is reported. */
function columnOf(path: readonly PropertyKey[], type: QuestionType): QuestionColumnKey | 'row' {
  const [first, second, third] = path.map(String);
  if (first === 'stem' || first === 'points' || first === 'difficulty' || first === 'objective' || first === 'tags') {
    return first;
  }
  if (first === 'cognitiveLevel') return 'cognitiveLevel';
  if (first !== 'content') return 'row';
  if (second === 'options' && third !== undefined && /^\d$/.test(third)) return OPTION_KEYS[Number(third)] ?? 'row';
  if (second === 'options') return 'optionA';
  if (second === 'key' || second === 'accepted' || second === 'modelAnswer') {
    return type === 'TRUE_FALSE' || type === 'MATCHING' ? 'parts' : 'key';
  }
  if (second === 'partial') return 'partial';
  return 'parts';
}

/** The row's cells to a checked, cleaned question for `pair`; undefined (with every problem reported) when bad. */
export function parseQuestionRow(
  raw: QuestionRaw,
  ctx: RowContext<QuestionColumnKey>,
  pair: { subjectId: number; gradeId: number },
): QuestionInput | undefined {
  const type = typeOf(raw.type ?? '');
  if (!type) {
    ctx.fail('type', `Tipe harus salah satu dari ${Object.values(QUESTION_TYPE_CODES).join(', ')}`);
    return undefined;
  }
  const partialCode = (raw.partial ?? 'SEBAGIAN').toUpperCase() as keyof typeof PARTIAL_CODES;
  if (!PARTIAL_CODES[partialCode]) ctx.fail('partial', 'Penilaian SEBAGIAN atau SEMUA');
  const content = contentOf(type, raw, ctx.fail, PARTIAL_CODES[partialCode] ?? 'PARTIAL');
  const points = raw.points ? decimal(raw.points) : NaN;
  const parsed = QuestionInput.safeParse({
    ...pair,
    stem: stemHtml(raw.stem ?? ''),
    content: content ?? { type: 'SHORT', accepted: [{ text: '-' }] },
    points: Number.isNaN(points) ? raw.points : points,
    difficulty: raw.difficulty?.toUpperCase(),
    cognitiveLevel: raw.cognitiveLevel?.toUpperCase() ?? null,
    objective: raw.objective ?? null,
    tags: raw.tags ? raw.tags.split(',').map((t) => t.trim()) : [],
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      ctx.fail(
        columnOf(issue.path, type),
        issue.path[0] === 'points' ? 'Bobot harus bilangan bulat 1-100' : issue.message,
      );
    }
    return undefined;
  }
  if (!content) return undefined;
  try {
    return cleanQuestion(parsed.data);
  } catch (err) {
    if (!(err instanceof AppError) || !err.fields) throw err;
    for (const field of Object.keys(err.fields)) ctx.fail(columnOf(field.split('.'), type), err.fields[field]!);
    return undefined;
  }
}

/** A question as the cells of the template (the export, which imports again as the same question). */
export function questionRow(
  q: Pick<Question, 'stem' | 'content' | 'points' | 'difficulty' | 'cognitiveLevel' | 'objective' | 'tags'>,
): QuestionRaw {
  const c = q.content;
  const row: QuestionRaw = {
    type: QUESTION_TYPE_CODES[c.type],
    stem: htmlCell(q.stem),
    points: String(q.points),
    difficulty: q.difficulty,
    ...(q.cognitiveLevel ? { cognitiveLevel: q.cognitiveLevel } : {}),
    ...(q.objective ? { objective: q.objective } : {}),
    ...(q.tags.length ? { tags: q.tags.join(', ') } : {}),
  };
  const part = (html: string) => htmlCell(html, true);
  if ('partial' in c) row.partial = c.partial === 'ALL' ? 'SEMUA' : 'SEBAGIAN';
  const letter = (options: { id: string }[], id: string) =>
    String.fromCharCode(65 + options.findIndex((o) => o.id === id));
  switch (c.type) {
    case 'SINGLE':
    case 'MULTIPLE':
      c.options.slice(0, OPTION_KEYS.length).forEach((o, i) => (row[OPTION_KEYS[i]!] = part(o.text)));
      row.key = (typeof c.key === 'string' ? [c.key] : c.key).map((id) => letter(c.options, id)).join(', ');
      break;
    case 'TRUE_FALSE':
      row.parts = c.statements.map((s) => `${part(s.text)} = ${c.key[s.id] ? 'B' : 'S'}`).join('\n');
      break;
    case 'MATCHING': {
      const used = new Set(Object.values(c.key));
      const text = (id: string | undefined) => part(c.right.find((r) => r.id === id)?.text ?? '');
      row.parts = [
        ...c.left.map((l) => `${part(l.text)} = ${text(c.key[l.id])}`),
        ...c.right.filter((r) => !used.has(r.id)).map((r) => `= ${part(r.text)}`),
      ].join('\n');
      break;
    }
    case 'SHORT':
      row.key = c.accepted
        .map((a) => ('text' in a ? a.text : `=${a.number}${a.tolerance ? `±${a.tolerance}` : ''}`))
        .join(' | ');
      break;
    case 'ESSAY':
      row.parts = c.rubric.map((r) => `${r.criterion} = ${r.points}`).join('\n');
      if (c.modelAnswer) row.key = htmlCell(c.modelAnswer);
      break;
  }
  return row;
}
