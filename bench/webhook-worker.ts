/**
 * One webhook dispatcher process for bench/webhooks.bench.ts, configured from the environment
 * like `work`. Prints `ready` once it listens for commits; SIGTERM stops it.
 */
import { loadConfig } from '../src/config.ts';
import { createRuntime } from '../src/runtime.ts';

const runtime = await createRuntime(loadConfig(process.env));
const dispatcher = runtime.createDispatcher();
await dispatcher.start();
process.stdout.write('ready\n');
process.once('SIGTERM', () => {
  void dispatcher.stop().then(() => runtime.close().then(() => process.exit(0)));
});
