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
  });
});
