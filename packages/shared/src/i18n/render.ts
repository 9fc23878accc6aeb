import { formatDate, looksLikeIsoDate, type DateLanguage } from '../domain/date-format.ts';
import { MESSAGES_EN } from './messages-en.ts';

/**
 * Messages of the server and of the contracts are written in Indonesian, and that text is their id
 * (gettext style): `MESSAGES_EN` maps each one, or its template with `{name}` placeholders, to English.
 * `renderMessage` turns any such message into the reader's language: the parameters a template captured
 * are themselves rendered (a label such as "Nama kelas", a code such as GANJIL, an ISO date as
 * `25 November 2026`), so `${label} wajib diisi` needs one entry and one entry per label.
 */
export type MessageLanguage = DateLanguage;

/** Codes that reach messages as parameters, with their labels (never shown raw). */
export const CODE_LABELS: Record<string, { id: string; en: string }> = {
  GANJIL: { id: 'Ganjil', en: 'Odd' },
  GENAP: { id: 'Genap', en: 'Even' },
  ACTIVE: { id: 'Aktif', en: 'Active' },
  GRADUATED: { id: 'Lulus', en: 'Graduated' },
  MOVED: { id: 'Pindah', en: 'Moved' },
  DROPPED: { id: 'Keluar', en: 'Dropped out' },
  PENDING: { id: 'Menunggu', en: 'Pending' },
  APPROVED: { id: 'Disetujui', en: 'Approved' },
  REJECTED: { id: 'Ditolak', en: 'Rejected' },
  CANCELLED: { id: 'Dibatalkan', en: 'Cancelled' },
};

// Own-key maps of the two catalogs: a message's parameter can be what someone typed, and `constructor` or
// `__proto__` must not find Object.prototype's members.
const EN: ReadonlyMap<string, string> = new Map(Object.entries(MESSAGES_EN));
const CODES: ReadonlyMap<string, { id: string; en: string }> = new Map(Object.entries(CODE_LABELS));

interface Template {
  key: string;
  names: string[];
  pattern: RegExp;
  literalLength: number;
}

const PLACEHOLDER = /\{(\w*)\}/g;
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The shape of a template, for comparing one with the sources: every placeholder becomes `{}`. */
export const templateShape = (text: string): string => text.replace(PLACEHOLDER, '{}');

function compile(key: string): Template {
  const names: string[] = [];
  const parts = key.split(PLACEHOLDER);
  let source = '';
  parts.forEach((part, i) => {
    if (i % 2 === 0) source += escape(part);
    else {
      names.push(part);
      source += '(.+?)';
    }
  });
  return { key, names, pattern: new RegExp(`^${source}$`, 's'), literalLength: key.replace(PLACEHOLDER, '').length };
}

let templates: Template[] | null = null;
/** The templates, the most specific (longest fixed text) first: `Siswa {name} tidak ...` before `{what} tidak ...`. */
function allTemplates(): Template[] {
  templates ??= [...EN.keys()]
    .filter((key) => /\{\w*\}/.test(key))
    .map(compile)
    .sort((a, b) => b.literalLength - a.literalLength);
  return templates;
}

/** Placeholders that hold what the school typed (a person's, class's or subject's name): shown as typed. */
const NAMES = new Set(['name', 'className', 'subject', 'teacher', 'username']);

const fill = (template: string, values: Record<string, string>) =>
  template.replace(PLACEHOLDER, (_, name: string) => values[name] ?? '');

function renderParam(value: string, language: MessageLanguage, depth: number): string {
  if (looksLikeIsoDate(value)) return formatDate(value, language);
  const code = CODES.get(value);
  if (code) return code[language];
  if (depth > 3) return value;
  const english = EN.get(value);
  if (language === 'en' && english !== undefined) return english;
  // a list of labels ("Kelas, Tingkat") or a message inside a message
  if (value.includes(', ') && !english) {
    const items = value.split(', ');
    if (items.every((item) => EN.has(item) || CODES.has(item)))
      return items.map((item) => renderParam(item, language, depth + 1)).join(', ');
  }
  return render(value, language, depth + 1);
}

/**
 * Templates that join whole messages (`{first}; {rest}`, `{message} (dan {count} masalah lain)`): tried
 * first, and taken only when each joined part is itself a message the catalog knows.
 */
const JOINED = new Set(['message', 'first', 'rest']);
const isJoining = (t: Template) => t.names.some((n) => JOINED.has(n));
const matches = (text: string) => EN.has(text) || allTemplates().some((t) => !isJoining(t) && t.pattern.test(text));

function render(text: string, language: MessageLanguage, depth: number): string {
  const exact = EN.get(text);
  if (exact !== undefined) return language === 'en' ? exact : text;
  const ordered = [...allTemplates().filter(isJoining), ...allTemplates().filter((t) => !isJoining(t))];
  for (const t of ordered) {
    const m = t.pattern.exec(text);
    if (!m) continue;
    if (isJoining(t) && !t.names.every((name, i) => !JOINED.has(name) || matches(m[i + 1]!))) continue;
    const values: Record<string, string> = {};
    t.names.forEach((name, i) => {
      const value = m[i + 1]!;
      values[name] = NAMES.has(name) ? value : renderParam(value, language, depth);
    });
    return fill(language === 'en' ? EN.get(t.key)! : t.key, values);
  }
  return text;
}

/**
 * A message of the server or of a contract in `language`. Indonesian messages come back as they are,
 * except that their parameters are rendered (dates, codes); a text the catalog does not know (a name,
 * a number) is returned unchanged.
 */
export const renderMessage = (text: string, language: MessageLanguage): string => render(text, language, 0);

/** Does the catalog know this message (exactly or by a template)? For the completeness test. */
export function knowsMessage(text: string): boolean {
  if (EN.has(text)) return true;
  const shape = templateShape(text);
  return allTemplates().some((t) => templateShape(t.key) === shape);
}

/** The language of an `Accept-Language` header: English when English comes before Indonesian, else Indonesian. */
export function languageOf(acceptLanguage: string | undefined | null): MessageLanguage {
  if (!acceptLanguage) return 'id';
  const ranked = acceptLanguage
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().toLowerCase().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)/.exec(p)?.[1]).find(Boolean);
      return { tag: tag.split('-')[0], q: q === undefined ? 1 : Number(q), index };
    })
    .filter((r) => r.q > 0 && (r.tag === 'en' || r.tag === 'id'))
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return ranked[0]?.tag === 'en' ? 'en' : 'id';
}
