import type { AcceptedAnswer, CognitiveLevel, Difficulty, PartialRule, Question, QuestionType } from '@mms/shared';

/**
 * What the question form holds, one list per type; every text (stem, options, statements, pairs, model answer)
 * is the rich text its editor writes (HTML, '' when empty).
 */
export interface QuestionDraft {
  subjectId: number | null;
  gradeId: number | null;
  type: QuestionType;
  /** rich text (HTML) */
  stem: string;
  points: number | '';
  difficulty: Difficulty;
  cognitiveLevel: CognitiveLevel | null;
  objective: string;
  tags: string;
  partial: PartialRule;
  /** SINGLE and MULTIPLE */
  options: { id: string; text: string }[];
  singleKey: string | null;
  multipleKey: string[];
  /** TRUE_FALSE */
  statements: { id: string; text: string; value: boolean | null }[];
  /** MATCHING: a left text with its right answer, and distractors on the right */
  pairs: { left: string; right: string }[];
  extras: string[];
  /** SHORT */
  accepted: { kind: 'text' | 'number'; text: string; number: number | ''; tolerance: number | '' }[];
  /** ESSAY */
  rubric: { criterion: string; points: number | '' }[];
  /** rich text (HTML) */
  modelAnswer: string;
}

/** a, b, c, ... for the n-th option. */
export const optionId = (i: number) => String.fromCharCode(97 + i);

export const emptyDraft = (): QuestionDraft => ({
  subjectId: null,
  gradeId: null,
  type: 'SINGLE',
  stem: '',
  points: 1,
  difficulty: 'SEDANG',
  cognitiveLevel: null,
  objective: '',
  tags: '',
  partial: 'PARTIAL',
  options: [0, 1, 2, 3].map((i) => ({ id: optionId(i), text: '' })),
  singleKey: null,
  multipleKey: [],
  statements: [{ id: 's1', text: '', value: null }],
  pairs: [
    { left: '', right: '' },
    { left: '', right: '' },
  ],
  extras: [],
  accepted: [{ kind: 'text', text: '', number: '', tolerance: 0 }],
  rubric: [],
  modelAnswer: '',
});

/**
 * A part's rich text (an option, a statement) as the bank keeps it: the compact editor's one paragraph unwrapped
 * (a part is shown inside a line), several paragraphs kept as written.
 */
function partHtml(html: string): string {
  const one = /^<p>((?:(?!<\/?p[\s>]).)*)<\/p>$/s.exec(html.trim());
  return (one ? one[1]! : html).trim();
}

/** The text of the bank's rich text (tags dropped, entities read), for the list and the form. */
export function htmlToText(html: string): string {
  const withBreaks = html.replace(/<br\s*\/?>/gi, '\n').replace(/<\/p>\s*<p[^>]*>/gi, '\n\n');
  const doc = new DOMParser().parseFromString(withBreaks, 'text/html');
  return (doc.body.textContent ?? '').trim();
}

const num = (v: number | '') => (v === '' ? Number.NaN : v);

/** The request body of the contract (QuestionInput) built from the form. */
export function buildQuestion(d: QuestionDraft): Record<string, unknown> {
  const content = (() => {
    switch (d.type) {
      case 'SINGLE':
        return {
          type: 'SINGLE',
          options: d.options.map((o) => ({ id: o.id, text: partHtml(o.text) })),
          key: d.singleKey ?? '',
        };
      case 'MULTIPLE':
        return {
          type: 'MULTIPLE',
          options: d.options.map((o) => ({ id: o.id, text: partHtml(o.text) })),
          key: d.options.filter((o) => d.multipleKey.includes(o.id)).map((o) => o.id),
          partial: d.partial,
        };
      case 'TRUE_FALSE':
        return {
          type: 'TRUE_FALSE',
          statements: d.statements.map((s) => ({ id: s.id, text: partHtml(s.text) })),
          key: Object.fromEntries(d.statements.filter((s) => s.value !== null).map((s) => [s.id, s.value])),
          partial: d.partial,
        };
      case 'MATCHING': {
        const left = d.pairs.map((p, i) => ({ id: `l${i + 1}`, text: partHtml(p.left) }));
        const right = [...d.pairs.map((p) => p.right), ...d.extras].map((text, i) => ({
          id: `r${i + 1}`,
          text: partHtml(text),
        }));
        return {
          type: 'MATCHING',
          left,
          right,
          key: Object.fromEntries(left.map((l, i) => [l.id, `r${i + 1}`])),
          partial: d.partial,
        };
      }
      case 'SHORT':
        return {
          type: 'SHORT',
          accepted: d.accepted.map((a) =>
            a.kind === 'text' ? { text: a.text.trim() } : { number: num(a.number), tolerance: num(a.tolerance) },
          ),
        };
      case 'ESSAY':
        return {
          type: 'ESSAY',
          rubric: d.rubric.map((r) => ({ criterion: r.criterion.trim(), points: num(r.points) })),
          modelAnswer: d.modelAnswer || null,
        };
    }
  })();
  return {
    subjectId: d.subjectId ?? 0,
    gradeId: d.gradeId ?? 0,
    stem: d.stem,
    content,
    points: num(d.points),
    difficulty: d.difficulty,
    cognitiveLevel: d.cognitiveLevel,
    objective: d.objective.trim() || null,
    tags: d.tags
      .split(',')
      .map((t) => t.trim())
      .filter(Boolean),
  };
}

/** The form of a question of the bank (editing writes its next version). */
export function draftOf(q: Question): QuestionDraft {
  const d: QuestionDraft = {
    ...emptyDraft(),
    subjectId: q.subjectId,
    gradeId: q.gradeId,
    type: q.type,
    stem: q.stem,
    points: q.points,
    difficulty: q.difficulty,
    cognitiveLevel: q.cognitiveLevel,
    objective: q.objective ?? '',
    tags: q.tags.join(', '),
  };
  const c = q.content;
  if (c.type === 'SINGLE' || c.type === 'MULTIPLE') {
    d.options = c.options.map((o) => ({ id: o.id, text: o.text }));
    if (c.type === 'SINGLE') d.singleKey = c.key;
    else {
      d.multipleKey = c.key;
      d.partial = c.partial;
    }
  } else if (c.type === 'TRUE_FALSE') {
    d.statements = c.statements.map((s) => ({ id: s.id, text: s.text, value: c.key[s.id] ?? null }));
    d.partial = c.partial;
  } else if (c.type === 'MATCHING') {
    const text = (id: string | undefined) => c.right.find((r) => r.id === id)?.text ?? '';
    d.pairs = c.left.map((l) => ({ left: l.text, right: text(c.key[l.id]) }));
    const used = new Set(Object.values(c.key));
    d.extras = c.right.filter((r) => !used.has(r.id)).map((r) => r.text);
    d.partial = c.partial;
  } else if (c.type === 'SHORT') {
    d.accepted = c.accepted.map((a: AcceptedAnswer) =>
      'text' in a
        ? { kind: 'text' as const, text: a.text, number: '' as const, tolerance: 0 }
        : { kind: 'number' as const, text: '', number: a.number, tolerance: a.tolerance },
    );
  } else {
    d.rubric = c.rubric.map((r) => ({ criterion: r.criterion, points: r.points }));
    d.modelAnswer = c.modelAnswer ?? '';
  }
  return d;
}
