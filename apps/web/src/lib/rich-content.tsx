// Rich content of questions: the Arabic font comes with this module only, so it loads with the screens that show
// questions, never with the sign-in page; KaTeX (rich-math.ts) loads only when a text holds a formula.
import '@fontsource/amiri/arabic-400.css';
import '@fontsource/amiri/arabic-700.css';
import { useEffect, useMemo, useState } from 'react';
import classes from './rich-content.module.css';

type RenderMath = (latex: string, display: boolean) => string;
let renderMath: RenderMath | null = null;
let loadingMath: Promise<void> | null = null;

/** Gives the formula renderer to this module (the editor, which imports rich-math.ts itself, calls it at once). */
export function provideMath(render: RenderMath) {
  renderMath = render;
  loadingMath ??= Promise.resolve();
}

/** Loads KaTeX once; what RichContent renders after it shows formulas typeset. */
export function loadMath(): Promise<void> {
  loadingMath ??= import('./rich-math.ts').then((m) => provideMath(m.renderMath));
  return loadingMath;
}

/** Whether KaTeX is here (a formula rendered before shows its source, marked `data-math-pending`). */
export const mathLoaded = () => renderMath !== null;

/** Whether KaTeX was asked for (loading or here): a screen without formulas never asks. */
export const mathRequested = () => loadingMath !== null;

/** Whether a text holds a formula: `\( \)`, `\[ \]` or the editor's `<span data-latex>`. */
export const hasMath = (html: string) => /\\\(|\\\[|data-latex/.test(html);

/** Arabic script: the Arabic block (letters, harakat U+064B-U+065F, U+0670), its supplements and presentation forms. */
const ARABIC = '\\u0600-\\u06FF\\u0750-\\u077F\\u08A0-\\u08FF\\uFB50-\\uFDFF\\uFE70-\\uFEFF';
/** A run of Arabic words with the spaces and punctuation between them (the run ends at its last Arabic letter). */
const ARABIC_RUN = new RegExp(`[${ARABIC}]+(?:[\\s.,!?:;()\\u060C\\u061B\\u061F]+[${ARABIC}]+)*`, 'g');
/** `\( ... \)` inline and `\[ ... \]` display mathematics inside a text. */
const MATH = /\\\(([\s\S]+?)\\\)|\\\[([\s\S]+?)\\\]/g;

/** A formula as KaTeX markup; an invalid one as its source with an error mark (never an exception). */
function mathNode(doc: Document, latex: string, display: boolean, math: RenderMath | null): Node {
  const holder = doc.createElement(display ? 'div' : 'span');
  const source = display ? `\\[${latex}\\]` : `\\(${latex}\\)`;
  if (!math) {
    // KaTeX is on its way: the source until it arrives
    holder.className = display ? classes.mathDisplay! : classes.math!;
    holder.dataset.mathPending = '';
    holder.textContent = source;
    return holder;
  }
  try {
    holder.innerHTML = math(latex, display);
    holder.className = display ? classes.mathDisplay! : classes.math!;
  } catch (err) {
    holder.className = classes.mathError!;
    holder.dataset.mathError = '';
    holder.title = err instanceof Error ? err.message : String(err);
    holder.textContent = source;
  }
  return holder;
}

/** A text node's formulas rendered, the text around them kept. */
function renderMathIn(doc: Document, text: Text, math: RenderMath | null) {
  const value = text.data;
  MATH.lastIndex = 0;
  if (!MATH.test(value)) return;
  MATH.lastIndex = 0;
  const out = doc.createDocumentFragment();
  let at = 0;
  for (const m of value.matchAll(MATH)) {
    if (m.index > at) out.append(value.slice(at, m.index));
    out.append(mathNode(doc, (m[1] ?? m[2] ?? '').trim(), m[2] !== undefined, math));
    at = m.index + m[0].length;
  }
  if (at < value.length) out.append(value.slice(at));
  text.replaceWith(out);
}

/** An inline formula as the markup RichContent shows (for the editor, which shows formulas the same way). */
export const inlineMathHtml = (latex: string): string =>
  (mathNode(document, latex, false, renderMath) as HTMLElement).outerHTML;

/** The class that gives rich text its look (Arabic font and size, pictures, paragraphs), for the editor too. */
export const richContentClass = classes.root!;

const insideArabic = (node: Node) => !!node.parentElement?.closest('[lang="ar"]');

/** Arabic runs of a text node wrapped in `<span dir="rtl" lang="ar">` (the text itself untouched: harakat stay). */
function markArabicIn(doc: Document, text: Text) {
  const value = text.data;
  ARABIC_RUN.lastIndex = 0;
  if (!ARABIC_RUN.test(value) || insideArabic(text)) return;
  ARABIC_RUN.lastIndex = 0;
  const out = doc.createDocumentFragment();
  let at = 0;
  for (const m of value.matchAll(ARABIC_RUN)) {
    if (m.index > at) out.append(value.slice(at, m.index));
    const span = doc.createElement('span');
    span.dir = 'rtl';
    span.lang = 'ar';
    span.textContent = m[0];
    out.append(span);
    at = m.index + m[0].length;
  }
  if (at < value.length) out.append(value.slice(at));
  text.replaceWith(out);
}

const textNodes = (root: Node): Text[] => {
  const walker = root.ownerDocument!.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const nodes: Text[] = [];
  for (let n = walker.nextNode(); n; n = walker.nextNode()) nodes.push(n as Text);
  return nodes;
};

/**
 * The bank's sanitised HTML as shown: formulas (`\( \)`, `\[ \]` and the editor's `<span data-latex>`) as KaTeX
 * markup, Arabic runs marked right-to-left in Arabic. The input is already sanitised by the server; KaTeX's
 * output is its own (trust off), so the result is safe to insert.
 */
export function richContentHtml(html: string, math: RenderMath | null = renderMath): string {
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  const body = doc.body;
  for (const el of [...body.querySelectorAll<HTMLElement>('span[data-latex]')]) {
    el.replaceWith(mathNode(doc, el.dataset.latex ?? '', false, math));
  }
  for (const t of textNodes(body))
    if (!t.parentElement?.closest('.katex, [data-math-error], [data-math-pending]')) renderMathIn(doc, t, math);
  for (const el of [...body.querySelectorAll('[lang="ar"]')]) el.setAttribute('dir', 'rtl');
  for (const t of textNodes(body)) if (!t.parentElement?.closest('.katex')) markArabicIn(doc, t);
  return body.innerHTML;
}

export interface RichContentProps {
  html: string;
  /** an option or a statement inside a line (a span, no paragraph margins) */
  inline?: boolean;
  className?: string;
}

/** One way to show a question's rich text everywhere (the bank's preview, the paper, the exam page). */
export function RichContent({ html, inline, className }: RichContentProps) {
  const needsMath = hasMath(html);
  const [mathReady, setMathReady] = useState(mathLoaded);
  useEffect(() => {
    if (!needsMath || mathReady) return;
    let live = true;
    void loadMath().then(() => live && setMathReady(true));
    return () => {
      live = false;
    };
  }, [needsMath, mathReady]);
  const math = mathReady ? renderMath : null;
  const rendered = useMemo(() => richContentHtml(html, math), [html, math]);
  const Tag = inline ? 'span' : 'div';
  return (
    <Tag
      className={`${classes.root} ${inline ? classes.inline : ''} ${className ?? ''}`}
      data-rich-content=""
      dangerouslySetInnerHTML={{ __html: rendered }}
    />
  );
}
