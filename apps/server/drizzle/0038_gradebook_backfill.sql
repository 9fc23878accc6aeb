-- The grade book's columns of the attempts scored before the exam engine fed the grade book (issue 40, part 1).
-- From now on the engine writes them itself each time it scores a student's attempt
-- (modules/exam/scoring/gradebook.ts, modules/grades/assessment-feed.service.ts); this fills them once for what
-- was scored before, by the same rule (modules/exam/scoring/gradebook.test.ts runs this file and checks that it
-- gives what the engine gives):
-- - each student's latest attempt that is GRADED (one whose essays wait for marking has no score yet; a running one
--   none) at an assessment not deleted, not a sample, of kind TASK, FORMATIVE or SUMMATIVE (TUGAS, FORMATIF,
--   SUMATIF);
-- - its column is the assessment's in the student's class among the assessment's classes (open enrolment first),
--   named after the assessment, dated on its day in Asia/Jakarta (opening, else due, else closing time), in the
--   semester of that day in the class's school year (GANJIL up to 31 December of its first year);
-- - the score is the attempt's grade in whole hundredths: 10000 * earned / max points, half up, at most 10000.
-- A column that exists already is left as it is.
with latest as (
  select distinct on (t.assessment_id, t.student_id)
    t.assessment_id, t.student_id, t.status, t.score_num, t.score_den, t.submitted_at, t.started_at
  from attempts t
  where t.student_id is not null
  order by t.assessment_id, t.student_id, t.attempt_no desc
),
fed as (
  select l.assessment_id, l.student_id, l.submitted_at, a.unit_id, a.subject_id,
    case a.kind when 'TASK' then 'TUGAS' when 'FORMATIVE' then 'FORMATIF' when 'SUMMATIVE' then 'SUMATIF' end as kind,
    coalesce(nullif(left(btrim(a.title), 80), ''), 'Penilaian ' || a.id) as title,
    (coalesce(a.opens_at, a.due_at, a.closes_at, l.submitted_at, l.started_at) at time zone 'Asia/Jakarta')::date as day,
    (select ac.class_group_id from assessment_classes ac
      join enrollments e on e.class_group_id = ac.class_group_id and e.student_id = l.student_id
      where ac.assessment_id = a.id
      order by e.ended_at is null desc, e.started_at desc limit 1) as class_group_id,
    (select coalesce(sum(coalesce(ai.points, qv.points)), 0) from assessment_items ai
      join question_versions qv on qv.id = ai.question_version_id
      where ai.assessment_id = a.id)::bigint as max_points,
    l.score_num::bigint as num, l.score_den::bigint as den
  from latest l join assessments a on a.id = l.assessment_id
  where l.status = 'GRADED' and l.score_num is not null and l.score_den > 0
    and a.deleted_at is null and not a.is_sample and a.subject_id is not null
    and a.kind in ('TASK', 'FORMATIVE', 'SUMMATIVE')
),
columns_made as (
  insert into score_columns (unit_id, class_group_id, subject_id, semester, kind, title, date, assessment_id,
    created_at, updated_at)
  select f.unit_id, f.class_group_id, f.subject_id,
    case when min(f.day) <= make_date(extract(year from y.start_date)::int, 12, 31) then 'GANJIL' else 'GENAP' end,
    f.kind, f.title, min(f.day), f.assessment_id,
    coalesce(max(f.submitted_at), now()), coalesce(max(f.submitted_at), now())
  from fed f
  join class_groups cg on cg.id = f.class_group_id
  join academic_years y on y.id = cg.academic_year_id
  group by f.assessment_id, f.class_group_id, f.unit_id, f.subject_id, f.kind, f.title, y.start_date
  on conflict do nothing
  returning id, assessment_id, class_group_id
)
insert into scores (column_id, student_id, hundredths, updated_at)
select c.id, f.student_id,
  case when f.max_points = 0 then 0
    else least(10000, (20000 * f.num + f.den * f.max_points) / (2 * f.den * f.max_points)) end,
  coalesce(f.submitted_at, now())
from fed f join columns_made c on c.assessment_id = f.assessment_id and c.class_group_id = f.class_group_id
on conflict do nothing;
