import { act, render } from '@testing-library/react';
import { useLayoutEffect, useState, type ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BootFrameGone, ScreenAfterShell } from './boot-frame.tsx';

// The boot frame (index.html) stays over the page until the first screen is drawn; a layout draws its screen in a
// commit after its own (two shorter tasks on a phone), and the frame goes with that second commit.

const frame = () => document.getElementById('mms-boot');
let seen: string[];

/** A layout that notes, when it is first committed, whether its screen is drawn and the frame still up. */
function Shell({ children }: { children: ReactNode }) {
  useLayoutEffect(() => {
    seen.push(
      `screen ${document.querySelector('[data-screen]') ? 'drawn' : 'not drawn'}, frame ${frame() ? 'up' : 'gone'}`,
    );
  }, []);
  return <main>{children}</main>;
}

const App = ({ withLayout = true }: { withLayout?: boolean }) => (
  <>
    {withLayout ? (
      <Shell>
        <ScreenAfterShell>
          <h1 data-screen>Daftar siswa</h1>
        </ScreenAfterShell>
      </Shell>
    ) : (
      <h1 data-screen>Masuk</h1>
    )}
    <BootFrameGone />
  </>
);

beforeEach(() => {
  seen = [];
  const boot = document.createElement('div');
  boot.id = 'mms-boot';
  document.body.append(boot);
});
afterEach(() => frame()?.remove());

describe('the boot frame and the first screen', () => {
  it('commits the layout first, under the frame, then the screen, and the frame goes with it', async () => {
    const { container } = render(<App />);
    expect(seen).toEqual(['screen not drawn, frame up']);
    await act(async () => {});
    expect(container.querySelector('[data-screen]')).not.toBeNull();
    expect(frame()).toBeNull();
  });

  it('takes the frame away in the first commit when no layout holds it (a guest page)', () => {
    const { container } = render(<App withLayout={false} />);
    expect(container.querySelector('[data-screen]')).not.toBeNull();
    expect(frame()).toBeNull();
  });

  it('draws the screen at once when there is no frame (a navigation after the first screen)', () => {
    frame()?.remove();
    render(<App />);
    expect(seen).toEqual(['screen drawn, frame gone']);
  });

  it('takes the frame away when the layout goes before its screen was drawn (a redirect)', async () => {
    function Redirecting() {
      const [gone, setGone] = useState(false);
      // a guard's redirect: the layout goes in a render straight after its first commit, before its screen's
      // eslint-disable-next-line react-hooks/set-state-in-effect -- that synchronous re-render is the case tested
      useLayoutEffect(() => setGone(true), []);
      return gone ? <p>Masuk</p> : <App />;
    }
    render(<Redirecting />);
    await act(async () => {});
    expect(frame()).toBeNull();
  });
});
