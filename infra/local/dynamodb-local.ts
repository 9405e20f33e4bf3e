import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from './aws-local';

export interface RunningDynamoDb {
  readonly endpoint: string;
  readonly process: ChildProcess;
  stop(): Promise<void>;
}

/** The folder of AWS's DynamoDB Local jar, shipped inside the npm package amplify-dynamodb-simulator. */
function emulatorDir(): string {
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve('amplify-dynamodb-simulator/package.json')), 'emulator');
}

function assertJava(): void {
  const probe = spawnSync('java', ['-version'], { stdio: 'ignore' });
  if (probe.error || probe.status !== 0) {
    throw new Error(
      'Java was not found. DynamoDB Local (the local database) needs a Java runtime 17 or newer: ' +
        'install one (Debian/Ubuntu: sudo apt-get install -y openjdk-17-jre-headless) and run again.',
    );
  }
}

/** DynamoDB Local's server, bound to 127.0.0.1 (its own entry point listens on every interface). */
const JETTY_CONFIG = fileURLToPath(new URL('dynamodb-local.jetty.xml', import.meta.url));

/**
 * Starts DynamoDB Local (AWS's emulator, so transactions, TTL and PartiQL behave as on AWS) on
 * loopback only, with its data under `dbPath` (one database for every credential and region, as
 * `-sharedDb`), and resolves once it answers ListTables.
 */
export async function startDynamoDbLocal(options: {
  port: number;
  dbPath: string;
}): Promise<RunningDynamoDb> {
  assertJava();
  const dbPath = resolve(options.dbPath);
  await mkdir(dbPath, { recursive: true });
  const cwd = emulatorDir();
  const child = spawn(
    'java',
    [
      '-Xmx512m',
      '-Djava.library.path=./DynamoDBLocal_lib',
      // The jar's manifest puts its libraries (Jetty's XML configuration among them) on the class path.
      '-cp',
      'DynamoDBLocal.jar',
      'org.eclipse.jetty.xml.XmlConfiguration',
      `port=${options.port}`,
      `dbPath=${dbPath}`,
      JETTY_CONFIG,
    ],
    { cwd, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  let exited = false;
  child.once('exit', () => {
    exited = true;
  });

  const endpoint = `http://127.0.0.1:${options.port}`;
  const client = new DynamoDBClient({
    endpoint,
    region: LOCAL_REGION,
    credentials: LOCAL_CREDENTIALS,
    maxAttempts: 1,
  });
  const deadline = Date.now() + 60_000;
  try {
    for (;;) {
      if (exited) throw new Error(`DynamoDB Local exited during start-up:\n${output}`);
      try {
        await client.send(new ListTablesCommand({ Limit: 1 }));
        break;
      } catch {
        if (Date.now() > deadline)
          throw new Error(`DynamoDB Local did not answer within 60 s:\n${output}`);
        await new Promise((r) => setTimeout(r, 200));
      }
    }
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  } finally {
    client.destroy();
  }

  return {
    endpoint,
    process: child,
    stop: () => stopChild(child),
  };
}

/** SIGTERM, then SIGKILL after a grace period; resolves when the process has exited. */
export function stopChild(child: ChildProcess, graceMs = 5_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolvePromise) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolvePromise();
    });
    child.kill('SIGTERM');
  });
}
