import { defineProject, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

/** The web project of the root Vitest run (`npx vitest run --project web`); settings live in vite.config.ts. */
export default mergeConfig(viteConfig, defineProject({ test: { name: 'web' } }));
