import { Card, Skeleton, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * The height every dashboard widget reserves before its code and data arrive, so that nothing on the page
 * moves when they do (layout shift). A widget may grow past it; its skeleton and loading state fill it.
 */
export const WIDGET_MIN_HEIGHT = 168;

/** A dashboard widget's frame: a titled card that holds its place while loading. */
export function WidgetCard({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  return (
    <Card withBorder radius="md" mih={WIDGET_MIN_HEIGHT} data-testid={testId}>
      <Text fw={700} mb="xs">
        {title}
      </Text>
      {children}
    </Card>
  );
}

/** What a widget's place shows while its code loads. */
export function WidgetPlaceholder() {
  return <Skeleton h={WIDGET_MIN_HEIGHT} radius="md" />;
}

/** A widget's body while its data loads. */
export function WidgetLoading() {
  return <Skeleton h={WIDGET_MIN_HEIGHT - 64} />;
}
