import type { Division } from './divisions.ts';
import { can, type Permission } from './permissions.ts';

/** A text in both languages of the interface. */
export interface LocalText {
  id: string;
  en: string;
}

/** Icon keys; the web app maps each to an icon component. */
export type MenuIcon =
  | 'dashboard'
  | 'user'
  | 'key'
  | 'student'
  | 'calendar'
  | 'clock'
  | 'book'
  | 'notebook'
  | 'gavel'
  | 'clipboard'
  | 'quiz'
  | 'exam'
  | 'quran'
  | 'coins'
  | 'chart'
  | 'school'
  | 'users'
  | 'heart'
  | 'report'
  | 'settings'
  | 'pray'
  | 'door';

/** A link to a named route. `permission` is what the screen needs: the menu and the route guard both use it. */
export interface MenuLink {
  type: 'link';
  name: string;
  path: string;
  label: LocalText;
  permission: Permission;
  icon?: MenuIcon;
  badge?: string;
}

export interface MenuSubmenu {
  type: 'submenu';
  key: string;
  label: LocalText;
  icon?: MenuIcon;
  badge?: string;
  children: MenuLink[];
}

export interface MenuHeading {
  type: 'heading';
  key: string;
  label: LocalText;
}

export type MenuNode = MenuHeading | MenuLink | MenuSubmenu;

const BASE = '/backend/mms';

function link(name: string, path: string, id: string, en: string, permission: Permission, icon?: MenuIcon): MenuLink {
  return { type: 'link', name, path, label: { id, en }, permission, ...(icon ? { icon } : {}) };
}

/** Links of one product group `/backend/mms/<group>/<screen>`, named `<group>-<screen>`. */
function group(prefix: string, group: string, permission: Permission) {
  return (screen: string, id: string, en: string, own: Permission = permission): MenuLink =>
    link(`${prefix}-${screen}`, `${BASE}/${group}/${screen}`, id, en, own);
}

function submenu(key: string, id: string, en: string, icon: MenuIcon, children: MenuLink[]): MenuSubmenu {
  return { type: 'submenu', key, label: { id, en }, icon, children };
}

const heading = (key: string, id: string, en: string): MenuHeading => ({ type: 'heading', key, label: { id, en } });

const student = group('student', 'students/student', 'assessment.take');
const tutor = group('tutor', 'tutor', 'assessment.author');
const teacher = group('teacher', 'teacher', 'discipline.record');
const principal = group('principal', 'principal', 'school.student.manage');
const bpbk = group('bpbk', 'bpbk', 'counselling.manage');
const report = group('report', 'report', 'school.monitor');
const btq = group('btq', 'btq', 'btq.manage');
const other = group('other', 'other', 'content.manage');
const treasurer = group('treasurer', 'treasurer', 'finance.manage');

function counsellingPair(screen: string, id: string, en: string, extra: MenuLink[] = []): MenuSubmenu {
  return submenu(`bpbk-${screen}`, id, en, 'heart', [
    bpbk(`${screen}-input`, `Input ${id.toLowerCase()}`, `${en} input`),
    bpbk(`${screen}-list`, `Daftar ${id.toLowerCase()}`, `${en} list`, 'counselling.read'),
    ...extra,
  ]);
}

/**
 * The one menu tree of MMS (specification section 2, "Menus per division"). A division sees the links
 * whose permission it holds, the submenus with at least one such link, and the headings over them.
 */
export const MENU: readonly MenuNode[] = [
  heading('main', 'Utama', 'Main'),
  link('dashboard', '/backend/dashboard', 'Dasbor', 'Dashboard', 'dashboard.view', 'dashboard'),
  link('other-profile', `${BASE}/other/profile`, 'Profil', 'Profile', 'profile.self', 'user'),
  link('other-passchange', `${BASE}/other/passchange`, 'Ubah kata sandi', 'Change password', 'profile.self', 'key'),
  // everyone reads the school calendar; WAKAKUR and ADMIN edit it (school.calendar.manage)
  link(
    'tutor-academic-calendar',
    `${BASE}/tutor/academic-calendar`,
    'Kalender akademik',
    'Academic calendar',
    'school.calendar.read',
    'calendar',
  ),

  heading('student', 'Siswa', 'Student'),
  { ...student('me', 'Profil siswa', 'Student profile', 'school.student.self'), icon: 'student' },
  { ...student('schedule', 'Jadwal pelajaran', 'Subject schedule', 'school.student.self'), icon: 'clock' },
  { ...student('attendance', 'Presensi saya', 'My attendance', 'school.student.self'), icon: 'calendar' },
  { ...student('permission', 'Izin & sakit', 'Leave and sick requests', 'school.student.self'), icon: 'calendar' },
  { ...student('journal', 'Jurnal kelas', 'Class journal', 'school.student.self'), icon: 'notebook' },
  { ...student('material', 'Materi pelajaran', 'Subject material', 'school.student.self'), icon: 'book' },
  { ...student('scoring', 'Nilai saya', 'My scores', 'school.student.self'), icon: 'report' },
  { ...student('rapor', 'Rapor saya', 'My report cards', 'rapor.self'), icon: 'report' },
  { ...student('formative', 'Kuis online (formatif)', 'Online quiz (formative)'), icon: 'quiz' },
  { ...student('online-test', 'Ujian online', 'Online exam'), icon: 'exam' },
  { ...student('achievement', 'Prestasi saya', 'My achievements', 'counselling.self'), icon: 'report' },
  { ...student('violation', 'Pelanggaran saya', 'My violations', 'counselling.self'), icon: 'gavel' },
  { ...student('counselling', 'Konseling saya', 'My counselling', 'counselling.self'), icon: 'heart' },
  { ...student('psychotest', 'Tes psikologi saya', 'My psychological tests', 'counselling.self'), icon: 'clipboard' },
  { ...student('payment', 'Pembayaran saya', 'My payments', 'finance.self'), icon: 'coins' },
  { ...student('invoice', 'Tagihan saya', 'My invoices', 'finance.self'), icon: 'coins' },
  { ...student('quran', 'BTQ & salat saya', 'My Quran reading and prayers', 'school.student.self'), icon: 'quran' },
  submenu('student-instruments', 'Tes minat & kepribadian', 'Interest and personality tests', 'clipboard', [
    bpbk('multiple-intelligence-play', 'Kecerdasan majemuk', 'Multiple intelligence', 'counselling.self'),
    bpbk('interest-exploration-play', 'Eksplorasi minat', 'Interest exploration', 'counselling.self'),
    bpbk('job-interest-play', 'Minat pekerjaan', 'Job interest', 'counselling.self'),
    bpbk('education-job-play', 'Pendidikan & pekerjaan', 'Education and job', 'counselling.self'),
    bpbk('life-values-play', 'Nilai-nilai hidup', 'Life values', 'counselling.self'),
    bpbk('self-understanding-play', 'Pemahaman diri', 'Self-understanding', 'counselling.self'),
  ]),

  heading('teaching', 'Pengajaran', 'Teaching'),
  submenu('attendance', 'Presensi', 'Attendance', 'calendar', [
    tutor('attendance', 'Presensi saya', 'My attendance', 'attendance.self'),
    tutor('permission', 'Izin & sakit', 'Leave and sick requests', 'attendance.self'),
    tutor('attendance-list', 'Daftar presensi siswa', 'Student attendance list', 'attendance.student.record'),
  ]),
  submenu('schedule', 'Jadwal', 'Schedule', 'clock', [
    tutor('teaching-schedule', 'Jadwal mengajar saya', 'My teaching schedule', 'schedule.teach'),
    tutor('class-structure', 'Struktur kelas', 'Class structure', 'schedule.teach'),
  ]),
  { ...tutor('material', 'Materi pelajaran', 'Subject material', 'material.manage'), icon: 'book' },
  submenu('journal', 'Jurnal kelas', 'Class journal', 'notebook', [
    tutor('journal', 'Input jurnal', 'Journal input', 'journal.write'),
    tutor('journal-material-list', 'Daftar materi', 'Material list', 'journal.write'),
    tutor('journal-attendance-list', 'Daftar presensi siswa', 'Student attendance list', 'journal.write'),
  ]),
  submenu('discipline', 'Kedisiplinan', 'Discipline', 'gavel', [
    teacher('sanction-input', 'Input sanksi', 'Sanction input'),
    teacher('sanction-list', 'Daftar sanksi', 'Sanction list'),
    teacher('sanction-recap', 'Rekap sanksi', 'Sanction recap', 'discipline.recap'),
    teacher('sanction-chart', 'Grafik sanksi', 'Sanction chart', 'discipline.recap'),
  ]),
  submenu('task', 'Tugas', 'Assignments', 'clipboard', [
    tutor('task-input', 'Buat tugas', 'Create assignment'),
    tutor('task-share', 'Distribusi tugas', 'Distribute assignment'),
    tutor('task-schedule', 'Jadwal tugas', 'Assignment schedule'),
    tutor('task-check', 'Cek tugas', 'Assignment check', 'assessment.check'),
  ]),
  submenu('formative', 'Kuis (formatif)', 'Quiz (formative)', 'quiz', [
    tutor('formative-input', 'Buat kuis', 'Create quiz'),
    tutor('formative-edit', 'Edit kuis', 'Edit quiz'),
    tutor('formative-share', 'Distribusi kuis', 'Distribute quiz'),
    tutor('formative-schedule', 'Jadwal kuis', 'Quiz schedule'),
    tutor('formative-check', 'Cek pembuatan kuis', 'Quiz-creation check', 'assessment.check'),
  ]),
  submenu('summative', 'Sumatif', 'Summative', 'exam', [
    tutor('summative-input', 'Buat soal sumatif', 'Create summative', 'assessment.author'),
    tutor('summative-recap', 'Rekap sumatif', 'Summative recap', 'assessment.score'),
    tutor('scoring-summative', 'Penilaian sumatif', 'Summative grading', 'assessment.score'),
    tutor('descriptions', 'Deskripsi capaian', 'Achievement descriptions', 'descriptions.read'),
    tutor('rapor', 'Rapor', 'Report card', 'rapor.read'),
    tutor('rapor-board', 'Kelengkapan rapor', 'Report card board', 'rapor.read'),
  ]),
  submenu('btq', 'BTQ (baca tulis Al-Quran)', 'Quran reading (BTQ)', 'quran', [
    btq('progress', 'Progres BTQ', 'BTQ progress', 'btq.teach'),
    btq('recap', 'Rekap BTQ', 'BTQ recap', 'btq.teach'),
    btq('level', 'Leveling BTQ', 'BTQ levelling'),
    btq('method', 'Metode & jilid', 'Methods and levels'),
    btq('promotion', 'Kenaikan jilid & munaqosyah', 'Promotion and munaqosyah', 'btq.teach'),
    btq('teacher', 'Penugasan ustadz', 'Instructor assignment'),
    btq('grouping', 'Pengelompokan', 'Grouping'),
    btq('presence', 'Presensi BTQ', 'BTQ attendance', 'btq.teach'),
  ]),
  { ...tutor('bisyaroh', 'Bisyaroh saya', 'My staff allowance', 'bisyaroh.self'), icon: 'coins' },
  submenu('analytics', 'Analisis', 'Analytics', 'chart', [
    other('analysis-student-presence', 'Analisis presensi siswa', 'Student attendance analysis', 'analytics.view'),
    other('analysis-formative', 'Analisis formatif', 'Formative analysis', 'analytics.view'),
    other('analysis-attendance', 'Analisis kehadiran', 'Attendance analysis', 'analytics.school'),
    other('analysis-class-entry', 'Analisis masuk kelas', 'Class entry analysis', 'analytics.school'),
    other('analysis-class-journal', 'Analisis jurnal kelas', 'Class journal analysis', 'analytics.school'),
  ]),

  heading('curriculum', 'Kurikulum', 'Curriculum'),
  submenu('structure', 'Struktur sekolah', 'School structure', 'school', [
    tutor('subjects', 'Mata pelajaran', 'Subjects', 'school.subject.manage'),
    tutor('class-titles', 'Format kelas', 'Class format', 'school.class.manage'),
    tutor('subject-teachers', 'Guru mata pelajaran', 'Subject teachers', 'school.teaching.manage'),
    tutor('homeroom', 'Wali kelas', 'Homeroom teachers', 'school.homeroom.manage'),
    tutor('class-mutation', 'Mutasi kelas', 'Class mutation', 'school.enrollment.manage'),
  ]),
  // issue 40: the subject's teachers and WAKAKUR write the TPs (tujuan pembelajaran) that scores and questions tag
  {
    ...tutor('learning-objectives', 'Tujuan pembelajaran (TP)', 'Learning objectives (TP)', 'learningObjectives.read'),
    icon: 'book',
  },
  // issue 40 §2: WAKAKUR keeps the activities; a teacher sees the ones they coach and grades their members
  { ...tutor('extracurricular', 'Ekstrakurikuler', 'Extracurriculars', 'extracurricular.read'), icon: 'users' },
  submenu('timetable', 'Jadwal pelajaran', 'Timetable', 'clock', [
    tutor('schedule-input', 'Buat jadwal pelajaran', 'Timetable creation', 'schedule.manage'),
    tutor('schedule-all', 'Jadwal semua guru', 'All-teacher schedule', 'schedule.teachingHours.read'),
    tutor('schedule-class', 'Jadwal per kelas', 'Class schedule', 'schedule.teachingHours.read'),
    tutor('teaching-hours', 'Total jam mengajar', 'Total teaching hours', 'schedule.teachingHours.read'),
  ]),
  submenu('exam', 'Ujian', 'Exams', 'exam', [
    tutor('summative-schedule', 'Jadwal ujian', 'Exam schedule', 'assessment.schedule'),
    tutor('summative-question-set', 'Set soal ujian', 'Exam question set', 'assessment.check'),
    tutor('summative-share', 'Distribusi ujian', 'Exam distribution', 'assessment.check'),
  ]),
  submenu('assessment-control', 'Kontrol penilaian', 'Assessment control', 'clipboard', [
    tutor('formative-list', 'Daftar soal formatif', 'Formative question list', 'assessment.control'),
    tutor('summative-list', 'Daftar soal sumatif', 'Summative question list', 'assessment.control'),
    tutor('trial-list', 'Daftar uji coba', 'Trial list', 'assessment.control'),
    tutor('distribution', 'Distribusi', 'Distribution', 'assessment.control'),
    tutor('scoring-formative', 'Nilai formatif', 'Formative scoring', 'assessment.control'),
    tutor('scoring-project', 'Nilai proyek (PjBL)', 'Project scoring', 'assessment.control'),
    tutor('scoring-summative-all', 'Nilai sumatif', 'Summative scoring', 'assessment.control'),
    tutor(
      'summative-control-progress',
      'Kontrol sumatif: progres',
      'Summative control: progress',
      'assessment.proctor',
    ),
    tutor('summative-control-score', 'Kontrol sumatif: nilai', 'Summative control: score', 'assessment.proctor'),
    tutor('summative-control-detail', 'Kontrol sumatif: detail', 'Summative control: detail', 'assessment.proctor'),
  ]),

  heading('leadership', 'Pimpinan', 'Leadership'),
  submenu('people', 'Guru & siswa', 'Teachers and students', 'users', [
    principal('teacher-list', 'Daftar guru', 'Teacher list', 'school.employee.manage'),
    principal('student-all', 'Daftar siswa', 'Student list'),
    principal('student-input', 'Input siswa', 'Student input'),
  ]),
  submenu('staff-attendance', 'Kehadiran guru', 'Teacher attendance', 'calendar', [
    tutor('attendance-all', 'Presensi harian semua guru', 'All-teacher daily attendance', 'school.monitor'),
    tutor('absent-late', 'Tidak hadir & terlambat', 'Absentees and latecomers', 'school.monitor'),
  ]),
  submenu('prayer', 'Salat', 'Prayer', 'pray', [
    btq('prayer-midday', 'Salat zuhur', 'Midday prayer', 'prayer.monitor'),
    btq('prayer-afternoon', 'Salat asar', 'Afternoon prayer', 'prayer.monitor'),
    btq('prayer-input', 'Input salat', 'Prayer input', 'prayer.record'),
    btq('prayer-recap', 'Rekap salat', 'Prayer recap', 'prayer.read'),
  ]),
  { ...principal('class-control', 'Input kontrol kelas', 'Class control input', 'classControl.record'), icon: 'door' },
  { ...principal('promotion', 'Kenaikan kelas', 'Year-end promotion', 'promotion.decide'), icon: 'student' },
  submenu('admission', 'Penerimaan siswa baru', 'New-student admission', 'student', [
    principal('admission-input', 'Input siswa baru', 'New-student input', 'admission.manage'),
    principal('admission-list', 'Daftar siswa baru', 'New-student list', 'admission.manage'),
    principal('selection-question-input', 'Input soal seleksi', 'Selection question input', 'admission.questions'),
    principal('selection-question-list', 'Daftar soal seleksi', 'Selection question list', 'admission.questions'),
    principal('selection-random', 'Acak soal seleksi', 'Random selection questions', 'admission.questions'),
    principal('selection-answers', 'Jawaban & nilai seleksi', 'Selection answers and score', 'admission.questions'),
  ]),
  submenu('bisyaroh', 'Bisyaroh', 'Staff allowance', 'coins', [
    principal('bisyaroh-master', 'Master bisyaroh', 'Allowance master', 'bisyaroh.manage'),
    principal('bisyaroh-process', 'Proses bisyaroh', 'Allowance process', 'bisyaroh.manage'),
    principal('bisyaroh-list', 'Daftar bisyaroh', 'Allowance list', 'bisyaroh.manage'),
  ]),

  heading('counselling', 'Bimbingan konseling', 'Counselling'),
  counsellingPair('achievement', 'Prestasi', 'Achievement'),
  counsellingPair('counselling', 'Konseling', 'Counselling'),
  counsellingPair('psychotest', 'Tes psikologi', 'Psychological test'),
  counsellingPair('violation', 'Pelanggaran', 'Violation', [
    bpbk('violation-rules', 'Tata tertib & ambang poin', 'Rules and point thresholds', 'discipline.manage'),
  ]),
  submenu('bpbk-tka', 'TKA', 'TKA', 'gavel', [
    { ...bpbk('violation-input', 'Input pelanggaran TKA', 'TKA violation input'), name: 'bpbk-tka-violation-input' },
    {
      ...bpbk('violation-list', 'Daftar pelanggaran TKA', 'TKA violation list', 'counselling.read'),
      name: 'bpbk-tka-violation-list',
    },
  ]),
  submenu('bpbk-tests', 'Tes minat & kepribadian', 'Interest and personality tests', 'clipboard', [
    bpbk('multiple-intelligence-input', 'Kecerdasan majemuk', 'Multiple intelligence'),
    bpbk('interest-exploration-input', 'Eksplorasi minat', 'Interest exploration'),
    bpbk('job-interest-input', 'Minat pekerjaan', 'Job interest'),
    bpbk('education-job-input', 'Pendidikan & pekerjaan', 'Education and job'),
    bpbk('life-values-input', 'Nilai-nilai hidup', 'Life values'),
    bpbk('self-understanding-input', 'Pemahaman diri', 'Self-understanding'),
  ]),

  heading('finance', 'Keuangan', 'Finance'),
  submenu('treasurer', 'Bendahara', 'Treasurer', 'coins', [
    treasurer('payment-components', 'Komponen pembayaran', 'Payment components'),
    treasurer('fees-major', 'Biaya per jurusan', 'Fees per major'),
    treasurer('fees-student', 'Biaya per siswa', 'Fees per student'),
    treasurer('bills', 'Tagihan siswa', 'Student bills'),
    treasurer('payments', 'Pembayaran', 'Payments'),
    treasurer('vouchers', 'Voucher kas/bank', 'Cash and bank vouchers'),
    treasurer('books', 'Buku kas & bank', 'Cash and bank books', 'finance.read'),
    treasurer('accounts', 'Bagan akun', 'Chart of accounts', 'finance.read'),
  ]),

  heading('reports', 'Laporan', 'Reports'),
  submenu('report', 'Laporan', 'Reports', 'report', [
    report('student-list', 'Laporan daftar siswa', 'Student list report'),
    report('employee-list', 'Laporan daftar pegawai', 'Employee list report'),
    report('schedule', 'Laporan jadwal pelajaran', 'Timetable report'),
    report('journal', 'Jurnal siswa & guru', 'Student and teacher journal', 'journal.report'),
    report('cash-voucher', 'Voucher kas', 'Cash voucher', 'finance.read'),
    report('finance', 'Tunggakan & penerimaan', 'Arrears and collections', 'finance.read'),
    report('counselling', 'Laporan BK', 'Counselling reports', 'counselling.read'),
    report('scoring', 'Laporan nilai', 'Scoring report'),
  ]),

  heading('admin', 'Administrasi', 'Administration'),
  submenu('administration', 'Sistem', 'System', 'settings', [
    other('users', 'Pengguna', 'Users', 'users.manage'),
    other('school-profile', 'Profil sekolah & kop surat', 'School profile and letterhead', 'school.unit.manage'),
    other('audit', 'Jejak audit', 'Audit trail', 'audit.read'),
    other('api-tokens', 'Token API', 'API tokens', 'apiTokens.manage'),
    other('outbox', 'Kotak keluar notifikasi', 'Notification outbox', 'outbox.read'),
    other('backups', 'Cadangan data', 'Backups', 'backup.manage'),
    other('permissions', 'Tabel hak akses', 'Permission table', 'permissions.manage'),
    other('image-upload', 'Unggah gambar', 'Image upload'),
    other('image-crop', 'Potong gambar', 'Image crop'),
    other('blog-upload', 'Unggah artikel', 'Blog-post upload'),
    other('upload-history', 'Riwayat unggahan', 'Upload history'),
    other('random-generator', 'Pembangkit acak', 'Random generator'),
  ]),
];

/**
 * The dashboard's greeting (its heading), `{{name}}` the signed-in user's display name: the web app's texts use it,
 * and the server writes it into the dashboard's boot frame, so the heading shows before the scripts have loaded.
 */
export const DASHBOARD_WELCOME: LocalText = { id: 'Assalamu’alaikum, {{name}}', en: 'Welcome, {{name}}' };

/**
 * The heading and lead of the two guest pages, `{{name}}` the app's name: the web app's texts use them, and the
 * server draws them in those pages' boot frames at the size the pages draw them, so a phone shows them while the
 * scripts load (they are the largest text of either page) and the page then draws the same words in their place.
 */
export const GUEST_PAGE_TEXTS = {
  'auth-signin': {
    heading: { id: 'Masuk ke {{name}}', en: 'Sign in to {{name}}' },
    lead: {
      id: 'Gunakan nama pengguna (NIP/NIS) dan kata sandi Anda.',
      en: 'Use your username (NIP/NIS) and password.',
    },
  },
  landing: {
    heading: { id: 'Selamat datang di {{name}}', en: 'Welcome to {{name}}' },
    lead: {
      id: 'Sistem manajemen sekolah untuk siswa, guru, pimpinan, keuangan, BK dan tata usaha.',
      en: 'School management for students, teachers, leaders, finance, counselling and administrative staff.',
    },
  },
} as const satisfies Record<string, { heading: LocalText; lead: LocalText }>;

/** A guest page whose boot frame carries its heading and lead. */
export type GuestPage = keyof typeof GUEST_PAGE_TEXTS;

/** Every link of the tree, in menu order. */
export function menuLinks(nodes: readonly MenuNode[] = MENU): MenuLink[] {
  return nodes.flatMap((n) => (n.type === 'link' ? [n] : n.type === 'submenu' ? n.children : []));
}

/** The link of a route name, if the menu has one. */
export function findMenuLink(name: string): MenuLink | undefined {
  return menuLinks().find((l) => l.name === name);
}

/** What a menu is filtered by: a division (the code's table) or a check of its own (the session's permissions). */
export type MenuAccess = Division | null | undefined | ((permission: Permission) => boolean);

function visibleNode(allowed: (permission: Permission) => boolean, node: MenuLink | MenuSubmenu): MenuNode | null {
  if (node.type === 'link') return allowed(node.permission) ? node : null;
  const children = node.children.filter((c) => allowed(c.permission));
  return children.length > 0 ? { ...node, children } : null;
}

/**
 * The menu a division sees (by the code's table), or a user by a check of its own (the web asks the session's
 * permissions, issue 39): permitted links, non-empty submenus, headings that have something under them.
 */
export function menuFor(who: MenuAccess, nodes: readonly MenuNode[] = MENU): MenuNode[] {
  const allowed = typeof who === 'function' ? who : (permission: Permission) => can(who, permission);
  const kept: MenuNode[] = [];
  let pendingHeading: MenuHeading | null = null;
  for (const node of nodes) {
    if (node.type === 'heading') {
      pendingHeading = node;
      continue;
    }
    const visible = visibleNode(allowed, node);
    if (!visible) continue;
    if (pendingHeading) {
      kept.push(pendingHeading);
      pendingHeading = null;
    }
    kept.push(visible);
  }
  return kept;
}
