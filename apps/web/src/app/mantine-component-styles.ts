// The rule of build-plugins/mantine-component-styles.ts, here so the web's tests and type check read it too.

/** A Mantine component's class names module (`Tabs.module.mjs`; InlineInput's, under utils, styles Checkbox, Radio and Switch). */
const CLASSES_MODULE =
  /[\\/]@mantine[\\/]core[\\/]esm[\\/](?:components|utils)[\\/](?:.+[\\/])?([A-Za-z]+)\.module\.mjs$/;

/**
 * The stylesheet import for a Mantine class names module, or null for any other module. Exported for its test.
 */
export function componentStyleImport(id: string, hasStyles: (name: string) => boolean): string | null {
  const name = CLASSES_MODULE.exec(id.split('?')[0]!)?.[1];
  if (!name || !hasStyles(name)) return null;
  return `import '@mantine/core/styles/${name}.css';\n`;
}
