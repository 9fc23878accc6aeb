/** The student's own prayers, public to other features (the student's Quran and prayer page shows it). */
export { MyPrayers } from '../components/my-prayers.tsx';
