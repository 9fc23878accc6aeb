// The school screens, loaded together on first use (one lazy chunk for the feature).
import '../../../i18n/school/index.ts';
import '@mantine/core/styles/Fieldset.css';
import '@mantine/core/styles/Tabs.css';
import '@mantine/core/styles/NumberInput.css';
export { StudentsPage, UnitStudentsPage } from './students-page.tsx';
export { StudentInputPage, StudentEditPage } from './student-form-pages.tsx';
export { StudentProfilePage } from './student-profile-page.tsx';
export { StudentMePage } from './student-me-page.tsx';
export { EmployeesPage } from './employees-page.tsx';
export { SubjectsPage } from './subjects-page.tsx';
export { AcademicCalendarPage } from './academic-calendar-page.tsx';
export { ClassesPage } from './classes-page.tsx';
export { HomeroomPage } from './homeroom-page.tsx';
export { ClassStructurePage } from './class-structure-page.tsx';
export { ClassMutationPage } from './class-mutation-page.tsx';
export { TeachingHoursPage } from './teaching-hours-page.tsx';
export { SubjectTeachersPage } from './subject-teachers-page.tsx';
export { SchoolProfilePage } from './school-profile-page.tsx';
