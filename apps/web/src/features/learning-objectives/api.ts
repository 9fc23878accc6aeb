import {
  ColumnObjectivesInput,
  LearningObjective,
  LearningObjectiveChoices,
  LearningObjectiveInput,
  LearningObjectiveList,
  LearningObjectiveQuery,
  LearningObjectiveUpdate,
  ObjectiveIds,
  ObjectiveIdsInput,
  OkResponse,
  ScoreSheetQuery,
  SheetObjectiveTags,
  TpMasteryQuery,
  TpMasteryReport,
} from '@mms/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { endpoint } from '../../lib/endpoint.ts';

/** The routes of the learning objectives (TP), with the contracts their server routes declare. */
const routes = {
  choices: endpoint('GET', '/learning-objectives/choices', { response: LearningObjectiveChoices }),
  list: endpoint('GET', '/learning-objectives', { query: LearningObjectiveQuery, response: LearningObjectiveList }),
  add: endpoint('POST', '/learning-objectives', { body: LearningObjectiveInput, response: LearningObjective }),
  change: endpoint('PATCH', '/learning-objectives/:id', { body: LearningObjectiveUpdate, response: LearningObjective }),
  remove: endpoint('DELETE', '/learning-objectives/:id', { response: OkResponse }),
  sheetTags: endpoint('GET', '/learning-objectives/column-tags', {
    query: ScoreSheetQuery,
    response: SheetObjectiveTags,
  }),
  tagColumn: endpoint('PUT', '/learning-objectives/column-tags/:id', {
    body: ColumnObjectivesInput,
    response: ObjectiveIds,
  }),
  questionTags: endpoint('GET', '/learning-objectives/question-tags/:id', { response: ObjectiveIds }),
  tagQuestion: endpoint('PUT', '/learning-objectives/question-tags/:id', {
    body: ObjectiveIdsInput,
    response: ObjectiveIds,
  }),
  mastery: endpoint('GET', '/learning-objectives/mastery', { query: TpMasteryQuery, response: TpMasteryReport }),
};

const KEY = '/learning-objectives';

/** The subject and grade pairs whose TPs the caller may open, and where they may write. */
export function useObjectiveChoices() {
  return useQuery({ queryKey: [KEY, 'choices'], queryFn: () => routes.choices(), staleTime: 5 * 60_000 });
}

/** The TPs of a subject and grade in the active school year (none asked for: null). */
export function useObjectives(pair: { subjectId: number; gradeId: number } | null) {
  return useQuery({
    queryKey: [KEY, 'list', pair],
    queryFn: () => routes.list({ query: pair! }),
    enabled: pair !== null,
  });
}

function useRefresh() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: [KEY] });
}

export function useSaveObjective() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (v: { id?: number; add?: LearningObjectiveInput; change?: LearningObjectiveUpdate }) =>
      v.id ? routes.change({ params: { id: v.id }, body: v.change! }) : routes.add({ body: v.add! }),
    onSuccess: () => void refresh(),
  });
}

export function useDeleteObjective() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: number) => routes.remove({ params: { id } }),
    onSuccess: () => void refresh(),
  });
}

/** The TPs of each column of a score sheet. */
export function useSheetObjectiveTags(sheet: ScoreSheetQuery | null) {
  return useQuery({
    queryKey: [KEY, 'column-tags', sheet],
    queryFn: () => routes.sheetTags({ query: sheet! }),
    enabled: sheet !== null,
  });
}

/** Tags a score column (of its sheet) with TPs, replacing its tags: call it after the column is saved. */
export function useTagColumn() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (v: { columnId: number; body: ColumnObjectivesInput }) =>
      routes.tagColumn({ params: { id: v.columnId }, body: v.body }),
    onSuccess: () => void refresh(),
  });
}

export function useQuestionObjectiveTags(questionId: number | null) {
  return useQuery({
    queryKey: [KEY, 'question-tags', questionId],
    queryFn: () => routes.questionTags({ params: { id: questionId! } }),
    enabled: questionId !== null,
  });
}

export function useTagQuestion() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (v: { questionId: number; objectiveIds: number[] }) =>
      routes.tagQuestion({ params: { id: v.questionId }, body: { objectiveIds: v.objectiveIds } }),
    onSuccess: () => void refresh(),
  });
}

/** Each student's mastery of the TPs of a class's subject in a semester, with the drafted descriptions. */
export function useTpMastery(q: TpMasteryQuery | null) {
  return useQuery({
    queryKey: [KEY, 'mastery', q],
    queryFn: () => routes.mastery({ query: q! }),
    enabled: q !== null,
  });
}
