/** The counselling status card, public to other features (the student profile shows it). */
export { CounsellingStatusCard } from '../components/counselling-status-card.tsx';
