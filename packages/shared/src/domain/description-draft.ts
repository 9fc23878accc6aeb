/** A TP as the draft names it, with the student's mastery of it (null: nothing tagged has a score yet). */
export interface DraftObjective {
  objectiveId: number;
  /** the TP's text, as written ("memahami sistem pencernaan manusia") */
  description: string;
  /** its place in the subject's list: ties of mastery keep the list's order */
  position: number;
  score: number | null;
}

/** How the draft came out: from no data, all TPs at or above the KKTP, none, or some of each. */
export type DraftStatus = 'NO_DATA' | 'ALL_MASTERED' | 'NONE_MASTERED' | 'MIXED';

export interface DescriptionDraft {
  status: DraftStatus;
  /** the capaian kompetensi in Indonesian and in English (empty for NO_DATA) */
  id: string;
  en: string;
  /** the TPs named as mastered best, best first; and those needing help, the weakest first */
  best: number[];
  needsHelp: number[];
}

/** At most this many TPs are named in each sentence (a rapor's description stays short). */
export const DRAFT_MAX_LISTED = 3;

const clean = (text: string) =>
  text
    .trim()
    .replace(/\s+/g, ' ')
    .replace(/[.;,]+$/, '');

/** "a", "a dan b", "a, b, dan c" (Indonesian); "a", "a and b", "a, b, and c" (English). */
function listOf(items: readonly string[], and: string): string {
  if (items.length <= 1) return items.join('');
  if (items.length === 2) return `${items[0]} ${and} ${items[1]}`;
  return `${items.slice(0, -1).join(', ')}, ${and} ${items[items.length - 1]}`;
}

/**
 * The draft of a student's achievement description (capaian kompetensi) in one subject (issue 40), from their
 * mastery of each TP and the KKTP (0..100): a TP at or above the KKTP is mastered. It names the best mastered TPs
 * (highest first) in "Menunjukkan penguasaan yang baik dalam ..." and those below the KKTP (lowest first) in "Perlu
 * bantuan dalam ...", at most DRAFT_MAX_LISTED in each, ties in the subject's order. All mastered: only the first
 * sentence; none: only the second; no TP with a score: no text (NO_DATA), for the teacher to write. The subject
 * teacher edits the draft before it goes on the rapor.
 */
export function draftDescription(objectives: readonly DraftObjective[], kktp: number): DescriptionDraft {
  const scored = objectives.filter(
    (o): o is DraftObjective & { score: number } => o.score !== null && clean(o.description) !== '',
  );
  if (scored.length === 0) return { status: 'NO_DATA', id: '', en: '', best: [], needsHelp: [] };
  const byPosition = (a: DraftObjective, b: DraftObjective) => a.position - b.position || a.objectiveId - b.objectiveId;
  const best = scored
    .filter((o) => o.score >= kktp)
    .sort((a, b) => b.score - a.score || byPosition(a, b))
    .slice(0, DRAFT_MAX_LISTED);
  const help = scored
    .filter((o) => o.score < kktp)
    .sort((a, b) => a.score - b.score || byPosition(a, b))
    .slice(0, DRAFT_MAX_LISTED);
  const texts = (list: readonly DraftObjective[]) => list.map((o) => clean(o.description));
  const id: string[] = [];
  const en: string[] = [];
  if (best.length) {
    id.push(`Menunjukkan penguasaan yang baik dalam ${listOf(texts(best), 'dan')}.`);
    en.push(`Shows good mastery of ${listOf(texts(best), 'and')}.`);
  }
  if (help.length) {
    id.push(`Perlu bantuan dalam ${listOf(texts(help), 'dan')}.`);
    en.push(`Needs help with ${listOf(texts(help), 'and')}.`);
  }
  const status: DraftStatus = !help.length ? 'ALL_MASTERED' : !best.length ? 'NONE_MASTERED' : 'MIXED';
  return {
    status,
    id: id.join(' '),
    en: en.join(' '),
    best: best.map((o) => o.objectiveId),
    needsHelp: help.map((o) => o.objectiveId),
  };
}
