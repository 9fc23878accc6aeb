import { setClock } from '../lib/clock.ts';

// The server suite runs its files one after another in a few long-lived workers that keep their modules
// (`isolate: false` in vitest.config.ts: a fresh module graph per file cost about half the suite's CPU). What a
// fresh process gave each file is restored here, before each file: the host's clock (createTestContext then sets
// the file's instant, MMS_NOW or its own).
setClock(null);
