import { Badge } from '@mantine/core';
import type { StudentStatus } from '@mms/shared';
import { useTranslation } from 'react-i18next';

const COLORS: Record<StudentStatus, string> = { ACTIVE: 'green', GRADUATED: 'blue', MOVED: 'yellow', DROPPED: 'red' };

export function StudentStatusBadge({ status }: { status: StudentStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={COLORS[status]} variant="light">
      {t(`school.studentStatus.${status}`)}
    </Badge>
  );
}
