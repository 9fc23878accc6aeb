// The student's lists of online quizzes and exams, loaded on first use, with the feature's texts.
import '../../../i18n/exam-engine/index.ts';
export { FormativeListPage, OnlineTestListPage } from './exam-list-page.tsx';
