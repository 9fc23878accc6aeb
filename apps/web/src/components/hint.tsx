import { Tooltip, type TooltipProps } from '@mantine/core';
import { useSyncExternalStore } from 'react';

/** One query for every hint of the page (a list shows two per row). */
const hoverQuery = typeof window !== 'undefined' ? window.matchMedia('(any-hover: hover)') : null;
const subscribe = (onChange: () => void) => {
  hoverQuery?.addEventListener('change', onChange);
  return () => hoverQuery?.removeEventListener('change', onChange);
};
const canHover = () => hoverQuery?.matches ?? true;

/**
 * The tooltip of an icon button in a list row, shown by hovering or keyboard focus. A device that cannot
 * hover (a phone) never shows it: there the tooltip is left out, with the cost of its positioning hooks
 * (two per card, 50 on a page of 25 students). The button's aria-label names it either way.
 */
export function Hint(props: TooltipProps) {
  const hover = useSyncExternalStore(subscribe, canHover, () => true);
  return hover ? <Tooltip {...props} /> : props.children;
}
