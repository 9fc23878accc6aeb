import type { ReactNode } from 'react';

/**
 * A tooltip drawn by CSS (app.css `.mms-tip`): the label shows under an icon button on hover or keyboard focus,
 * after a short delay, and never on a device that cannot hover. No positioning code runs, so the header's
 * buttons cost the phone nothing before the screen shows. The button keeps its own `aria-label`; the drawn
 * label is hidden from assistive technology (alternative text "" on the generated content).
 */
export function Tip({
  label,
  align = 'center',
  children,
}: {
  label: string;
  align?: 'center' | 'end';
  children: ReactNode;
}) {
  return (
    <span className="mms-tip" data-tip={label} data-tip-align={align}>
      {children}
    </span>
  );
}
