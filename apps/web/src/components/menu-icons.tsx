import {
  IconBook,
  IconBook2,
  IconBuildingCommunity,
  IconCalendarCheck,
  IconChartBar,
  IconClipboardList,
  IconClock,
  IconCoins,
  IconDashboard,
  IconDoor,
  IconFileCertificate,
  IconGavel,
  IconHeartHandshake,
  IconKey,
  IconMoonStars,
  IconNotebook,
  IconQuestionMark,
  IconReport,
  IconSchool,
  IconSettings,
  IconUser,
  IconUsers,
  type Icon,
} from '@tabler/icons-react';
import type { MenuIcon } from '@mms/shared';

export const MENU_ICONS: Record<MenuIcon, Icon> = {
  dashboard: IconDashboard,
  user: IconUser,
  key: IconKey,
  student: IconSchool,
  calendar: IconCalendarCheck,
  clock: IconClock,
  book: IconBook,
  notebook: IconNotebook,
  gavel: IconGavel,
  clipboard: IconClipboardList,
  quiz: IconQuestionMark,
  exam: IconFileCertificate,
  quran: IconBook2,
  coins: IconCoins,
  chart: IconChartBar,
  school: IconBuildingCommunity,
  users: IconUsers,
  heart: IconHeartHandshake,
  report: IconReport,
  settings: IconSettings,
  pray: IconMoonStars,
  door: IconDoor,
};

export function MenuIconView({ icon, size = 18 }: { icon: MenuIcon | undefined; size?: number }) {
  if (!icon) return null;
  const Component = MENU_ICONS[icon];
  return <Component size={size} stroke={1.6} aria-hidden />;
}
