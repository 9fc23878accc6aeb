import type { Plugin } from 'vite';

/** Mantine's `useId` module (@mantine/hooks), as Vite resolves it for the browser and for Vitest. */
const USE_ID_MODULE = /[\\/]@mantine[\\/]hooks[\\/]esm[\\/]use-id[\\/]use-id\.mjs$/;

/**
 * Mantine's `useId` with React's id and nothing else.
 *
 * Mantine's own starts from React's id and, in a layout effect after the component mounts, replaces it with a
 * random one (a leftover of server rendering before React had `useId`), even when the caller gives an id of its
 * own. Every input, select, modal and popover uses it, so every commit that mounts one sets state in a layout
 * effect, and React renders such an update synchronously at the end of that commit, after running the commit's
 * passive effects (the screen's queries subscribing and starting their requests) in the same task: on a list
 * screen one long task on a phone where two or three short ones would do. MMS renders only in the browser, in one
 * React root, where React's id is unique and stable: the random one adds nothing.
 */
const STABLE_USE_ID = `import { useId as useReactId } from 'react';
export function useId(staticId) {
  const reactId = useReactId();
  return typeof staticId === 'string' ? staticId : 'mantine-' + reactId.replace(/[^a-zA-Z0-9_-]/g, '');
}
`;

/** Serves Mantine's `useId` module as STABLE_USE_ID (above); a build fails if the module is not there any more. */
export function mantineStableIds(): Plugin {
  let replaced = false;
  let command: 'build' | 'serve' = 'serve';
  return {
    name: 'mms-mantine-stable-ids',
    enforce: 'pre',
    configResolved(config) {
      command = config.command;
    },
    load(id) {
      if (!USE_ID_MODULE.test(id.split('?')[0]!)) return null;
      replaced = true;
      return STABLE_USE_ID;
    },
    buildEnd() {
      // a Mantine release that moves the module would otherwise bring the synchronous renders back unnoticed
      if (command === 'build' && !replaced)
        this.error('mantine-stable-ids: @mantine/hooks/esm/use-id/use-id.mjs was not loaded; update the plugin');
    },
  };
}
