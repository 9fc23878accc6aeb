/** A `matchMedia` answer (jsdom has none): `matches` for the query, listeners that never fire. */
export const mediaQueryList = (query: string, matches = false) =>
  ({
    matches,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }) as MediaQueryList;
