import type { RouteObject } from 'react-router';
import { INSTRUMENT_KINDS, type InstrumentKind } from '@mms/shared';
import { lazyScreens } from '../../lib/lazy-screen.ts';
import type { RouteHandle } from '../../lib/route-handle.ts';

const screen = lazyScreens(() => import('./pages/index.ts'));

/**
 * A play screen (issue 39 finding 14): the route itself lets any signed-in user in, its permission (counselling.self)
 * is the page's to ask: a student plays, anyone else sees the instrument read-only, as the server's preview route
 * allows (the counsellor who may manage it), the page answering 403 where the server refuses.
 */
function guardedByPage(route: RouteObject): RouteObject {
  const { name } = route.handle as RouteHandle;
  return { ...route, handle: { name } satisfies RouteHandle };
}

/**
 * The counselling instruments (issue 14): for each of the six kinds an input screen (BPBK edits the items, opens
 * windows, reads results) and a play screen (a student answers; anyone else sees it as a preview). One page of
 * each, parameterised by the kind in the route's name; the server decides the rows.
 */
export const instrumentRoutes: RouteObject[] = [
  screen('bpbk-multiple-intelligence-input', 'counselling.manage', 'InstrumentInputPage'),
  guardedByPage(screen('bpbk-multiple-intelligence-play', 'counselling.self', 'InstrumentPlayPage')),
  screen('bpbk-interest-exploration-input', 'counselling.manage', 'InstrumentInputPage'),
  guardedByPage(screen('bpbk-interest-exploration-play', 'counselling.self', 'InstrumentPlayPage')),
  screen('bpbk-job-interest-input', 'counselling.manage', 'InstrumentInputPage'),
  guardedByPage(screen('bpbk-job-interest-play', 'counselling.self', 'InstrumentPlayPage')),
  screen('bpbk-education-job-input', 'counselling.manage', 'InstrumentInputPage'),
  guardedByPage(screen('bpbk-education-job-play', 'counselling.self', 'InstrumentPlayPage')),
  screen('bpbk-life-values-input', 'counselling.manage', 'InstrumentInputPage'),
  guardedByPage(screen('bpbk-life-values-play', 'counselling.self', 'InstrumentPlayPage')),
  screen('bpbk-self-understanding-input', 'counselling.manage', 'InstrumentInputPage'),
  guardedByPage(screen('bpbk-self-understanding-play', 'counselling.self', 'InstrumentPlayPage')),
];

/** The kind of an instrument screen from its route name (`bpbk-job-interest-input` -> `job-interest`). */
export const kindOfRoute = (name: string | undefined): InstrumentKind | null =>
  INSTRUMENT_KINDS.find((k) => name === `bpbk-${k}-input` || name === `bpbk-${k}-play`) ?? null;
