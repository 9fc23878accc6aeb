import { sql } from 'drizzle-orm';
import { never, type RowRule } from '../access/row-rule.ts';

/** The leaders who may write any lesson's journal of their unit. */
const JOURNAL_LEADERS: ReadonlySet<string> = new Set(['PRINCIPAL', 'WAKAKUR', 'ADMIN']);
export const isJournalLeader = (actor: { division: string }) => JOURNAL_LEADERS.has(actor.division);

/**
 * The lesson rule (a timetable slot, of its unit). `writeJournal`: the leaders of the unit (PRINCIPAL, WAKAKUR,
 * ADMIN) write any lesson's journal; the lesson's own teacher and the substitute the school named for that date
 * (people of the lesson, from its slot and substitute rows) are let in by the journal service, as for reading.
 */
export const lessonRule: RowRule<'writeJournal'> = {
  noun: 'Jadwal pelajaran',
  from: sql`timetable_slots l`,
  id: sql`l.id`,
  unit: sql`l.unit_id`,
  label: sql`(select su.name || ' ' || cg.name from subjects su, class_groups cg
     where su.id = l.subject_id and cg.id = l.class_group_id)`,
  reach: (_exec, actor) => Promise.resolve(isJournalLeader(actor) ? null : never),
  denied: (_action, label) => `Anda bukan guru jadwal ini (${label}) atau guru pengganti yang ditugaskan`,
  // one who is no leader hears "not the lesson's teacher" for another unit's lesson too
  unitDenied: (_action, actor) => (isJournalLeader(actor) ? 'unit' : 'reach'),
};
