// The principal's selection-test screens, loaded together on first use.
export { SelectionAnswerEditPage, SelectionAnswersPage, SelectionRankingPage } from './staff-pages.tsx';
export { SelectionAnnouncementPage, SelectionCardsPage, SelectionRandomPage } from './print-pages.tsx';
export { SelectionQuestionEditPage, SelectionQuestionInputPage, SelectionQuestionListPage } from './bank-pages.tsx';
