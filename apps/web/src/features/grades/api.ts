import {
  Assessment,
  AssessmentResults,
  AssessmentsQuery,
  EssayAnswers,
  EssaysQuery,
  FinalScoreOverrideInput,
  FinalScoreOverrideKey,
  GradeRules,
  GradeRulesInput,
  GradeRulesQuery,
  FormativeAnalysis,
  FormativeAnalysisQuery,
  ItemAnalysisResult,
  KeyChangeInput,
  KeyChangeResult,
  MyP5,
  MyScores,
  MyScoresQuery,
  MyTests,
  OkResponse,
  P5GradesInput,
  P5Project,
  P5ProjectInput,
  P5Sheet,
  P5SheetQuery,
  RemedialInput,
  RemedialKey,
  RemedialScore,
  ScoreCellsInput,
  ScoreCellsSaved,
  ScoreChoices,
  ScoreColumn,
  ScoreColumnInput,
  ScoreColumnUpdate,
  ScorePolicy,
  ScorePolicyInput,
  ScoreRecap,
  ScoreSheet,
  ScoreSheetQuery,
  pageOf,
  type AssessmentKind,
  type Semester,
} from '@mms/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import { endpoint, saveBy } from '../../lib/endpoint.ts';

/** The routes of grades, P5 and assessment results, with the contracts their server routes declare. */
const routes = {
  choices: endpoint('GET', '/scores/choices', { response: ScoreChoices }),
  sheet: endpoint('GET', '/scores/sheet', { query: ScoreSheetQuery, response: ScoreSheet }),
  recap: endpoint('GET', '/scores/recap', { query: ScoreSheetQuery, response: ScoreRecap }),
  saveCells: endpoint('PUT', '/scores/cells', { body: ScoreCellsInput, response: ScoreCellsSaved }),
  addColumn: endpoint('POST', '/scores/columns', { body: ScoreColumnInput, response: ScoreColumn }),
  changeColumn: endpoint('PUT', '/scores/columns/:id', { body: ScoreColumnUpdate, response: ScoreColumn }),
  deleteColumn: endpoint('DELETE', '/scores/columns/:id', { response: OkResponse }),
  savePolicy: endpoint('PUT', '/scores/policy', { body: ScorePolicyInput, response: ScorePolicy }),
  rules: endpoint('GET', '/scores/rules', { query: GradeRulesQuery, response: GradeRules }),
  saveRules: endpoint('PUT', '/scores/rules', { body: GradeRulesInput, response: GradeRules }),
  setOverride: endpoint('PUT', '/scores/final-overrides', { body: FinalScoreOverrideInput, response: OkResponse }),
  removeOverride: endpoint('DELETE', '/scores/final-overrides', { query: FinalScoreOverrideKey, response: OkResponse }),
  setRemedial: endpoint('PUT', '/scores/remedials', { body: RemedialInput, response: RemedialScore }),
  removeRemedial: endpoint('DELETE', '/scores/remedials', { query: RemedialKey, response: OkResponse }),
  myScores: endpoint('GET', '/scores/me', { query: MyScoresQuery, response: MyScores }),
  p5Sheet: endpoint('GET', '/p5-projects/:id/sheet', { query: P5SheetQuery, response: P5Sheet }),
  addP5: endpoint('POST', '/p5-projects', { body: P5ProjectInput, response: P5Project }),
  changeP5: endpoint('PUT', '/p5-projects/:id', { body: P5ProjectInput, response: P5Project }),
  deleteP5: endpoint('DELETE', '/p5-projects/:id', { response: OkResponse }),
  saveP5Grades: endpoint('PUT', '/p5-projects/:id/grades', { body: P5GradesInput, response: P5Sheet }),
  myP5: endpoint('GET', '/p5-projects/me', { response: MyP5 }),
  assessments: endpoint('GET', '/assessments', { query: AssessmentsQuery, response: pageOf(Assessment) }),
  results: endpoint('GET', '/assessments/:id/results', { response: AssessmentResults }),
  essays: endpoint('GET', '/assessments/:id/essays', { query: EssaysQuery, response: EssayAnswers }),
  analysis: endpoint('GET', '/assessments/:id/analysis', { response: ItemAnalysisResult }),
  formative: endpoint('GET', '/assessments/formative-analysis', {
    query: FormativeAnalysisQuery,
    response: FormativeAnalysis,
  }),
  myTests: endpoint('GET', '/assessments/mine', { response: MyTests }),
  changeKey: endpoint('PUT', '/assessments/:id/items/:questionId/key', {
    body: KeyChangeInput,
    response: KeyChangeResult,
  }),
};

/** The class and subject sheets the caller may open (the same rule as the server's). */
export function useScoreChoices() {
  return useQuery({
    queryKey: ['/scores/choices'],
    queryFn: () => routes.choices(),
    staleTime: 5 * 60_000,
  });
}

export function useScoreSheet(q: ScoreSheetQuery | null) {
  return useQuery({
    queryKey: ['/scores/sheet', q],
    queryFn: () => routes.sheet({ query: q! }),
    enabled: q !== null,
  });
}

export function useScoreRecap(q: ScoreSheetQuery | null) {
  return useQuery({
    queryKey: ['/scores/recap', q],
    queryFn: () => routes.recap({ query: q! }),
    enabled: q !== null,
  });
}

/** After a write, the sheet and the recap are read again. */
function useRefresh() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: ['/scores/sheet'] }),
      client.invalidateQueries({ queryKey: ['/scores/recap'] }),
    ]);
}

export function useSaveCells() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: ScoreCellsInput) => routes.saveCells({ body }),
    onSuccess: () => void refresh(),
  });
}

export function useSaveColumn() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: saveBy(routes.addColumn, routes.changeColumn),
    onSuccess: () => void refresh(),
  });
}

export function useDeleteColumn() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: number) => routes.deleteColumn({ params: { id } }),
    onSuccess: () => void refresh(),
  });
}

export function useSavePolicy() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ScorePolicyInput) => routes.savePolicy({ body }),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['/scores/recap'] }),
  });
}

/** The unit's grade rules of the active year (WAKAKUR's form). */
export function useGradeRules(enabled = true) {
  return useQuery({ queryKey: ['/scores/rules'], queryFn: () => routes.rules({ query: {} }), enabled });
}

export function useSaveGradeRules() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: GradeRulesInput) => routes.saveRules({ body }),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: ['/scores/rules'] }),
        client.invalidateQueries({ queryKey: ['/scores/recap'] }),
      ]),
  });
}

/** A teacher's override of a final score (with its reason), and its removal; the recap is read again. */
export function useSetOverride() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: FinalScoreOverrideInput) => routes.setOverride({ body }),
    onSuccess: () => void refresh(),
  });
}

export function useRemoveOverride() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (query: FinalScoreOverrideKey) => routes.removeOverride({ query }),
    onSuccess: () => void refresh(),
  });
}

/** A remedial or enrichment score beside the original, and its removal. */
export function useSetRemedial() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: RemedialInput) => routes.setRemedial({ body }),
    onSuccess: () => void refresh(),
  });
}

export function useRemoveRemedial() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (query: RemedialKey) => routes.removeRemedial({ query }),
    onSuccess: () => void refresh(),
  });
}

export function useMyScores(semester: Semester) {
  return useQuery({
    queryKey: ['/scores/me', semester],
    queryFn: () => routes.myScores({ query: { semester } }),
  });
}

// ---- P5 projects ----

export function useP5Sheet(projectId: number | null, classGroupId: number | null) {
  return useQuery({
    queryKey: ['/p5-projects/sheet', projectId, classGroupId],
    queryFn: () => routes.p5Sheet({ params: { id: projectId! }, query: { classGroupId: classGroupId ?? undefined } }),
    enabled: projectId !== null,
  });
}

export function useSaveP5Project() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveBy(routes.addP5, routes.changeP5),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['/p5-projects'] }),
  });
}

export function useDeleteP5Project() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => routes.deleteP5({ params: { id } }),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['/p5-projects'] }),
  });
}

export function useSaveP5Grades(projectId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: P5GradesInput) => routes.saveP5Grades({ params: { id: projectId }, body }),
    onSuccess: (sheet) => {
      client.setQueryData(['/p5-projects/sheet', projectId, sheet.classGroup.id], sheet);
      void client.invalidateQueries({ queryKey: ['/p5-projects'] });
    },
  });
}

export function useMyP5() {
  return useQuery({ queryKey: ['/p5-projects/me'], queryFn: () => routes.myP5() });
}

// ---- assessment results ----

const RESULT_STATES = ['SCHEDULED', 'OPEN', 'CLOSED', 'GRADED', 'PUBLISHED'];

/** The assessments of a kind that have results (scheduled or later) the caller may read. */
export function useAssessmentsWithResults(kind: AssessmentKind) {
  return useQuery({
    queryKey: ['/assessments', 'with-results', kind],
    queryFn: () =>
      routes
        .assessments({ query: { kind, pageSize: 200 } })
        .then((p) => p.items.filter((a) => RESULT_STATES.includes(a.state))),
  });
}

export function useAssessmentResults(id: number | null) {
  return useQuery({
    queryKey: ['/assessments/results', id],
    queryFn: () => routes.results({ params: { id: id! } }),
    enabled: id !== null,
  });
}

export function useEssays(id: number | null, questionId: number | null) {
  return useQuery({
    queryKey: ['/assessments/essays', id, questionId],
    queryFn: () => routes.essays({ params: { id: id! }, query: { questionId: questionId || undefined } }),
    enabled: id !== null,
  });
}

export function useItemAnalysis(id: number | null) {
  return useQuery({
    queryKey: ['/assessments/analysis', id],
    queryFn: () => routes.analysis({ params: { id: id! } }),
    enabled: id !== null,
  });
}

export function useMarkEssay(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ answerId, marks }: { answerId: number; marks: number[] }) =>
      api<{ score: number; grade: number; pendingEssays: number }>(`/assessments/${id}/essays/${answerId}`, {
        method: 'PUT',
        body: { marks },
      }),
    onSuccess: () =>
      Promise.all(
        ['/assessments/results', '/assessments/essays', '/assessments/analysis'].map((k) =>
          client.invalidateQueries({ queryKey: [k, id] }),
        ),
      ),
  });
}

export function useFormativeAnalysis(subjectId: number | null, gradeId: number | null) {
  return useQuery({
    queryKey: ['/assessments/formative-analysis', subjectId, gradeId],
    queryFn: () => routes.formative({ query: { subjectId: subjectId!, gradeId: gradeId! } }),
    enabled: subjectId !== null && gradeId !== null,
  });
}

export function useMyTests() {
  return useQuery({ queryKey: ['/assessments/mine'], queryFn: () => routes.myTests() });
}

/** Changes a pilihan ganda's key: the question's next version, every attempt regraded on the server. */
export function useChangeKey(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ questionId, content }: { questionId: number } & KeyChangeInput) =>
      routes.changeKey({ params: { id, questionId }, body: { content } }),
    onSuccess: () =>
      Promise.all(
        ['/assessments/results', '/assessments/analysis'].map((k) => client.invalidateQueries({ queryKey: [k, id] })),
      ),
  });
}
