import sanitizeHtml from 'sanitize-html';

/**
 * Rich text of questions (stems, options, statements): the HTML a teacher may write, and nothing else.
 * Formatting, lists, tables, images stored by MMS (`/api/v1/...` only: no outside address, no data: URL),
 * mathematics as `<span data-latex="...">` (rendered with KaTeX by the browser) and the direction and language
 * of a passage (`dir="rtl" lang="ar"` for Arabic, whose harakat pass through untouched: the text is never
 * normalised). Scripts, styles, event handlers and links are removed. sanitize-html (htmlparser2 underneath)
 * rather than hand-written filtering: allow-listing HTML correctly is a solved, well-kept problem.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'sub',
    'sup',
    'ul',
    'ol',
    'li',
    'span',
    'blockquote',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'img',
  ],
  allowedAttributes: {
    '*': ['dir', 'lang'],
    span: ['dir', 'lang', 'data-latex'],
    img: ['src', 'alt', 'width', 'height'],
    td: ['dir', 'lang', 'colspan', 'rowspan'],
    th: ['dir', 'lang', 'colspan', 'rowspan'],
  },
  allowedSchemes: [],
  allowedSchemesByTag: {},
  allowProtocolRelative: false,
  exclusiveFilter: (frame) => frame.tag === 'img' && !/^\/api\/v1\/[\w/.-]+$/.test(frame.attribs.src ?? ''),
  transformTags: {
    '*': (tagName, attribs) => {
      const out = { ...attribs };
      if (out.dir && out.dir !== 'rtl' && out.dir !== 'ltr') delete out.dir;
      if (out.lang && !/^[a-z]{2,3}(-[A-Za-z]{2,4})?$/.test(out.lang)) delete out.lang;
      return { tagName, attribs: out };
    },
  },
  disallowedTagsMode: 'discard',
};

/** The HTML kept of what was sent (see above). */
export const cleanRichText = (html: string): string => sanitizeHtml(html, OPTIONS).trim();

/** Whether rich text shows anything: words, a formula or an image (not only empty tags). */
export function hasContent(html: string): boolean {
  if (/<img\s/i.test(html) || /data-latex="[^"]+"/.test(html)) return true;
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} }).replace(/&nbsp;|\s/g, '') !== '';
}
