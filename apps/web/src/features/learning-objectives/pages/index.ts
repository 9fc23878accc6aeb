// The learning objectives (TP) screen, loaded on first use (one lazy chunk for the feature).
import '../../../i18n/learning-objectives/index.ts';
import '@mantine/core/styles/NumberInput.css';
export { LearningObjectivesPage } from './objectives-page.tsx';
