import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const eslint = new ESLint({ cwd: root });

/** The import-boundary findings of a snippet linted as if it stood at `file` (with the project's config). */
async function boundaryErrors(file: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result!.messages.filter((m) => m.ruleId === 'mms/import-boundaries').map((m) => m.message);
}

describe('the import boundaries between features (eslint.config.js)', () => {
  it('refuses a server module reaching into another module’s repository or routes, not its service', async () => {
    const file = 'apps/server/src/modules/journal/x.service.ts';
    expect(
      await boundaryErrors(file, "import { findClass } from '../school/structure.repo.ts';\nfindClass;\n"),
    ).toEqual([expect.stringContaining("the 'school' module's repository")]);
    expect(await boundaryErrors(file, "import { x } from '../school/school.routes.ts';\nx;\n")).toHaveLength(1);
    expect(
      await boundaryErrors(file, "import { activeYear } from '../school/school.service.ts';\nactiveYear;\n"),
    ).toEqual([]);
    expect(await boundaryErrors(file, "import { findSlot } from './journal.repo.ts';\nfindSlot;\n")).toEqual([]);
  });

  it('lets a web feature use another only through api.ts, routes.ts and widgets/', async () => {
    const file = 'apps/web/src/features/reports/pages/x-page.tsx';
    expect(
      await boundaryErrors(
        file,
        "import { SlotEditor } from '../../schedule/components/slot-editor.tsx';\nSlotEditor;\n",
      ),
    ).toEqual([expect.stringContaining("inside the 'schedule' feature")]);
    expect(await boundaryErrors(file, "import { useUnits } from '../../school/api.ts';\nuseUnits;\n")).toEqual([]);
    expect(
      await boundaryErrors(file, "import { UnitSelect } from '../../../components/pickers.tsx';\nUnitSelect;\n"),
    ).toEqual([]);
    expect(
      await boundaryErrors(
        file,
        "import { Card } from '../../counselling/widgets/counselling-status-card.tsx';\nCard;\n",
      ),
    ).toEqual([]);
  });

  it('keeps features, components and lib out of the app shell (router, layouts, providers)', async () => {
    const page = 'apps/web/src/features/reports/pages/x-page.tsx';
    expect(await boundaryErrors(page, "import { ROUTES } from '../../../app/router.tsx';\nROUTES;\n")).toEqual([
      expect.stringContaining("'../../../app/router.tsx' is the app shell"),
    ]);
    expect(
      await boundaryErrors(
        'apps/web/src/features/reports/routes.ts',
        "import type { X } from '../../app/route-handle.ts';\n",
      ),
    ).toHaveLength(1);
    expect(
      await boundaryErrors(
        'apps/web/src/components/x.tsx',
        "export { BackendLayout } from '../app/layouts/backend-layout.tsx';\n",
      ),
    ).toHaveLength(1);
    expect(await boundaryErrors('apps/web/src/lib/x.ts', "const m = import('../app/router.tsx');\nm;\n")).toHaveLength(
      1,
    );
    // what the features share sits in lib and components; the shell itself imports its own files
    expect(await boundaryErrors(page, "import { ROUTES } from '../../../lib/route-names.ts';\nROUTES;\n")).toEqual([]);
    expect(
      await boundaryErrors('apps/web/src/app/layouts/y.tsx', "import { ROUTES } from '../router.tsx';\nROUTES;\n"),
    ).toEqual([]);
  });

  it('lets a feature’s api.ts hold its API, not a component', async () => {
    const api = 'apps/web/src/features/assessment/api.ts';
    expect(await boundaryErrors(api, "export { QuestionForm } from './widgets/question-form.tsx';\n")).toEqual([
      expect.stringContaining("'./widgets/question-form.tsx' is a component"),
    ]);
    expect(await boundaryErrors(api, "export * from './components/question-paper.tsx';\n")).toHaveLength(1);
    expect(
      await boundaryErrors(
        api,
        "import { QuestionForm } from './widgets/question-form.tsx';\nexport { QuestionForm };\n",
      ),
    ).toHaveLength(1);
    expect(await boundaryErrors(api, "export { buildQuestion } from './question-model.ts';\n")).toEqual([]);
    // a page of the feature imports its components as before
    expect(
      await boundaryErrors(
        'apps/web/src/features/assessment/pages/x-page.tsx',
        "import { QuestionForm } from '../widgets/question-form.tsx';\nQuestionForm;\n",
      ),
    ).toEqual([]);
  });
});
