/**
 * A webhook dispatcher in a process of its own, configured from the environment like `work`
 * (DATABASE_URL, SECRETS_KEY, OPS_TOKEN, FUNDER_API_CLOCK, WEBHOOK_ALLOW_LOOPBACK): a test kills
 * it with SIGKILL in the middle of a burst and starts another. Prints `ready` once it listens.
 */
import { loadConfig } from '../../src/config.ts';
import { createRuntime } from '../../src/runtime.ts';

const config = loadConfig(process.env);
const runtime = await createRuntime(config);
const dispatcher = runtime.createDispatcher({ safetyWakeMs: 3_600_000 });
await dispatcher.start();
process.stdout.write('ready\n');
process.on('SIGTERM', () => {
  void dispatcher.stop().then(() => runtime.close().then(() => process.exit(0)));
});
