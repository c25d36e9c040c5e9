import { suite } from './vitest.config.ts';

/** `npm run test:release`: the release suite alone (vitest.config.ts, `releaseSuite`). */
export default suite('release');
