import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';
import { componentStyleImport } from '../src/app/mantine-component-styles.ts';

const stylesDir = path.join(path.dirname(createRequire(import.meta.url).resolve('@mantine/core/styles.css')), 'styles');

/**
 * Each Mantine component brings its own stylesheet: the module that holds a component's class names
 * (`Tabs.module.mjs`, imported by `Tabs.mjs`, `TabsTab.mjs`...) imports `@mantine/core/styles/Tabs.css`.
 *
 * MMS imports Mantine's styles per component to keep the CSS small (styles.ts: the shell's, in the order their
 * rules must win). A screen that used a component whose stylesheet its chunk did not import rendered it bare
 * (the tabs of Daftar sanksi and of the instrument editor ran their labels together), or styled only when another
 * screen that did import it had been opened first. With the import on the component's own module the stylesheet
 * travels with every use of the component, also a component used inside another (a Select's Combobox and Input),
 * in the chunk that uses it. The shell's stylesheets keep their place: styles.ts is imported first.
 */
export function mantineComponentStyles(): Plugin {
  const known = new Map<string, boolean>();
  const hasStyles = (name: string) => {
    let found = known.get(name);
    if (found === undefined) known.set(name, (found = existsSync(path.join(stylesDir, `${name}.css`))));
    return found;
  };
  return {
    name: 'mms-mantine-component-styles',
    transform(code, id) {
      const styles = componentStyleImport(id, hasStyles);
      return styles ? { code: styles + code, map: null } : null;
    },
  };
}
