// KaTeX and its CSS (about 75 kB of gzip JavaScript): loaded by rich-content.tsx only when a text holds a formula,
// so the exam page of a paper without formulas never downloads it; the question editor imports it directly.
import 'katex/dist/katex.min.css';
import katex from 'katex';

/** A formula as KaTeX markup (HTML and MathML); throws on an invalid formula. */
export function renderMath(latex: string, display: boolean): string {
  return katex.renderToString(latex, { displayMode: display, throwOnError: true, output: 'htmlAndMathml' });
}
