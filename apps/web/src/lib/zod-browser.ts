// In the browser every `import … from 'zod'` resolves here (vite.config.ts aliases it), so zod is configured
// before any schema is built: `jitless` turns off zod's `new Function` probe and compiled parsers, which
// MMS's Content-Security-Policy (no 'unsafe-eval') would report as a violation on every page.
import { z } from 'zod/v4';

z.config({ jitless: true });

export * from 'zod/v4';
export { z };
export default z;
