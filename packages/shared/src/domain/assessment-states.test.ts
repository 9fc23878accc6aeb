import { describe, expect, it } from 'vitest';
import {
  allowedActions,
  ASSESSMENT_ACTIONS,
  ASSESSMENT_STATES,
  ASSESSMENT_TRANSITIONS,
  effectiveState,
  needsCheck,
  needsNote,
  transition,
  type AssessmentRole,
  type TransitionContext,
} from './assessment-states.ts';
import { renderMessage } from '../i18n/render.ts';

const ctx = (over: Partial<TransitionContext>): TransitionContext => ({
  kind: 'SUMMATIVE',
  state: 'DRAFT',
  roles: ['author'],
  formativeNeedsCheck: true,
  ...over,
});

describe('the assessment workflow', () => {
  it('walks draft to published along the table', () => {
    const path: [string, AssessmentRole, string][] = [
      ['submit', 'author', 'SUBMITTED'],
      ['return', 'checker', 'RETURNED'],
      ['submit', 'author', 'SUBMITTED'],
      ['approve', 'checker', 'APPROVED'],
      ['schedule', 'scheduler', 'SCHEDULED'],
      ['open', 'checker', 'OPEN'],
      ['close', 'author', 'CLOSED'],
      ['grade', 'author', 'GRADED'],
      ['publish', 'checker', 'PUBLISHED'],
    ];
    let state = ctx({}).state;
    for (const [action, role, to] of path) {
      const r = transition(action as 'submit', ctx({ state, roles: [role] }));
      expect(r, `${action} from ${state}`).toEqual({ ok: true, to });
      state = to as typeof state;
    }
  });

  it('refuses an action from a state the table does not list, with an Indonesian reason', () => {
    const r = transition('approve', ctx({ state: 'DRAFT', roles: ['checker'] }));
    expect(r).toEqual({ ok: false, reason: 'STATE', message: 'Penilaian berstatus Draf tidak dapat disetujui' });
    expect(transition('submit', ctx({ state: 'PUBLISHED' })).ok).toBe(false);
    for (const state of ASSESSMENT_STATES) {
      for (const action of ASSESSMENT_ACTIONS) {
        const listed = ASSESSMENT_TRANSITIONS[action].from.includes(state);
        const r = transition(action, ctx({ state, roles: ['author', 'checker', 'scheduler'] }));
        expect(r.ok, `${action} from ${state}`).toBe(listed);
      }
    }
  });

  it('lets only the roles of a step take it', () => {
    expect(transition('approve', ctx({ state: 'SUBMITTED', roles: ['author'] }))).toMatchObject({
      ok: false,
      reason: 'ROLE',
    });
    expect(transition('submit', ctx({ roles: ['checker'] })).ok).toBe(false);
    expect(transition('grade', ctx({ state: 'CLOSED', roles: ['scheduler'] })).ok).toBe(false);
    // a teacher schedules their own task or quiz, not a summative
    expect(transition('schedule', ctx({ kind: 'TASK', state: 'APPROVED' })).ok).toBe(true);
    expect(transition('schedule', ctx({ kind: 'SUMMATIVE', state: 'APPROVED' })).ok).toBe(false);
    expect(allowedActions(ctx({ state: 'SUBMITTED', roles: ['checker'] }))).toEqual(['return', 'approve']);
    expect(allowedActions(ctx({ state: 'SUBMITTED', roles: ['author'] }))).toEqual([]);
  });

  it('approves a formative on submit when the unit does not check quizzes', () => {
    expect(needsCheck('FORMATIVE', false)).toBe(false);
    expect(needsCheck('SUMMATIVE', false)).toBe(true);
    expect(transition('submit', ctx({ kind: 'FORMATIVE', formativeNeedsCheck: false }))).toEqual({
      ok: true,
      to: 'APPROVED',
    });
    expect(transition('submit', ctx({ kind: 'FORMATIVE', formativeNeedsCheck: true }))).toEqual({
      ok: true,
      to: 'SUBMITTED',
    });
  });

  it('needs a note only to return', () => {
    expect(ASSESSMENT_ACTIONS.filter(needsNote)).toEqual(['return']);
  });

  it('opens and closes a scheduled assessment by its window', () => {
    const window = { opensAt: new Date('2026-11-20T01:00:00Z'), closesAt: new Date('2026-11-20T03:00:00Z') };
    expect(effectiveState('SCHEDULED', window, new Date('2026-11-20T00:59:59Z'))).toBe('SCHEDULED');
    expect(effectiveState('SCHEDULED', window, new Date('2026-11-20T01:00:00Z'))).toBe('OPEN');
    expect(effectiveState('OPEN', window, new Date('2026-11-20T03:00:00Z'))).toBe('CLOSED');
    expect(effectiveState('SCHEDULED', window, new Date('2026-11-21T00:00:00Z'))).toBe('CLOSED');
    expect(effectiveState('APPROVED', window, new Date('2026-11-21T00:00:00Z'))).toBe('APPROVED');
    expect(effectiveState('OPEN', { opensAt: null, closesAt: null }, new Date())).toBe('OPEN');
  });

  it('has English for the reasons it gives', () => {
    const r = transition('grade', ctx({ state: 'DRAFT' }));
    expect(!r.ok && renderMessage(r.message, 'en')).toBe('An assessment that is Draft cannot be graded');
    const role = transition('approve', ctx({ state: 'SUBMITTED' }));
    expect(!role.ok && renderMessage(role.message, 'en')).toBe('You may not have this assessment approved');
  });
});
