import { existsSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { componentStyleImport } from './mantine-component-styles.ts';

const core = path.dirname(createRequire(import.meta.url).resolve('@mantine/core/styles.css'));

function classModules(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? classModules(path.join(dir, e.name))
      : e.name.endsWith('.module.mjs')
        ? [path.join(dir, e.name)]
        : [],
  );
}

// build-plugins/mantine-component-styles.ts: each Mantine component's class names module imports its stylesheet
describe('Mantine components bring their own styles (build-plugins/mantine-component-styles.ts)', () => {
  const has = (name: string) => existsSync(path.join(core, 'styles', `${name}.css`));

  it("adds the component's stylesheet to its class names module, and nothing to other modules", () => {
    expect(componentStyleImport(path.join(core, 'esm/components/Tabs/Tabs.module.mjs'), has)).toBe(
      "import '@mantine/core/styles/Tabs.css';\n",
    );
    // Checkbox, Radio and Switch are styled by InlineInput's sheet, whose module sits under utils
    expect(componentStyleImport(path.join(core, 'esm/utils/InlineInput/InlineInput.module.mjs?v=1'), has)).toBe(
      "import '@mantine/core/styles/InlineInput.css';\n",
    );
    expect(componentStyleImport(path.join(core, 'esm/components/Tabs/Tabs.mjs'), has)).toBeNull();
    expect(componentStyleImport('/work/app/src/features/x/tabs.module.mjs', has)).toBeNull();
  });

  it('finds a stylesheet for every class names module of the installed Mantine', () => {
    const modules = classModules(path.join(core, 'esm'));
    expect(modules.length).toBeGreaterThan(90);
    const without = modules.filter((m) => componentStyleImport(m, has) === null);
    expect(without).toEqual([]);
  });
});
