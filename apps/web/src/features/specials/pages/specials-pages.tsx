import { Badge, Button, Card, Center, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { findMenuLink } from '@mms/shared';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useHealth } from '../../../lib/system-api.ts';

function SpecialFrame({ title, text, children }: { title: string; text: string; children?: React.ReactNode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Center mih="80dvh" p="md">
      <Stack align="center" ta="center" maw={560} gap="sm">
        <Title order={1} fz="h2">
          {title}
        </Title>
        <Text c="dimmed">{text}</Text>
        {children}
        <Group justify="center" mt="md">
          <Button variant="default" onClick={() => navigate(-1)}>
            {t('errors.back')}
          </Button>
          <Button component={Link} to="/">
            {t('errors.home')}
          </Button>
        </Group>
      </Stack>
    </Center>
  );
}

export function MaintenancePage() {
  const { t } = useTranslation();
  return <SpecialFrame title={t('specials.maintenance.title')} text={t('specials.maintenance.text')} />;
}

export function ComingSoonPage() {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const screen = params.get('screen');
  const link = screen ? findMenuLink(screen) : undefined;
  return (
    <SpecialFrame title={t('specials.comingSoon.title')} text={t('specials.comingSoon.text')}>
      {link && (
        <Badge size="lg" variant="light" data-testid="coming-soon-screen">
          {t('specials.comingSoon.screen', { name: link.label[i18n.language === 'en' ? 'en' : 'id'] })}
        </Badge>
      )}
    </SpecialFrame>
  );
}

/** Live health from /api/v1/health, refreshed every ten seconds. */
export function StatusPage() {
  const { t } = useTranslation();
  const health = useHealth();
  const data = health.data;
  return (
    <SpecialFrame title={t('specials.status.title')} text="">
      <Card withBorder radius="md" w="100%" maw={420} data-testid="status-card">
        {health.isPending ? (
          <Loader size="sm" />
        ) : !data ? (
          <Text c="red">{t('specials.status.unreachable')}</Text>
        ) : (
          <Table>
            <Table.Tbody>
              <Table.Tr>
                <Table.Th>{t('specials.status.server')}</Table.Th>
                <Table.Td>
                  <Badge color={data.status === 'ok' ? 'green' : 'orange'} data-testid="status-server">
                    {t(`specials.status.${data.status}`)}
                  </Badge>
                </Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{t('specials.status.database')}</Table.Th>
                <Table.Td>
                  <Badge color={data.database === 'up' ? 'green' : 'red'}>
                    {t(`specials.status.${data.database}`)}
                  </Badge>
                </Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{t('specials.status.version')}</Table.Th>
                <Table.Td>{data.version}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{t('specials.status.uptime')}</Table.Th>
                <Table.Td>{t('specials.status.seconds', { count: data.uptimeSeconds })}</Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
        )}
      </Card>
    </SpecialFrame>
  );
}
