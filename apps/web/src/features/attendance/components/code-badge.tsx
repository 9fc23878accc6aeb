import { Badge } from '@mantine/core';
import type { AttendanceCode } from '@mms/shared';
import { useTranslation } from 'react-i18next';

export const CODE_COLORS: Record<AttendanceCode, string> = { H: 'green', S: 'yellow', I: 'blue', A: 'red' };

/** An attendance code as a coloured badge with its word for screen readers. */
export function CodeBadge({ code }: { code: AttendanceCode }) {
  const { t } = useTranslation();
  return (
    <Badge color={CODE_COLORS[code]} variant="light" title={t(`att.codes.${code}`)}>
      {code} · {t(`att.codes.${code}`)}
    </Badge>
  );
}
