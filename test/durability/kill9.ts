/**
 * kill -9 of the whole local stack during acknowledged writes, then a restart on the same data:
 * is every acknowledged write still there? Not part of `npm test` (it kills stacks and takes
 * minutes); run it with
 *
 *   node --import tsx test/durability/kill9.ts [runs=10] [writes=30]
 *
 * Each run starts the stack in a data folder of its own (test/durability/stack-process.ts: what
 * `npm start` starts, without the SPA), signs in the demo admin and user, and makes `writes`
 * versioned writes in three concurrent streams: an admin's description of a company (GraphQL
 * curation, audited per version), a user's watchlist (REST), an editor's permission set written by
 * the admin (REST, audited in the record). Each write names the version the previous acknowledged
 * one made. At a random moment during the writes the process group (node and the DynamoDB Local
 * JVM) gets SIGKILL. The stack is started again on the same folder and every acknowledged write is
 * looked for (ledger.ts): the item at its version or newer, and its audit entry.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { emptyPermissionSet } from '../../core/permissions';
import { DEMO_ACCOUNTS } from '../../infra/local/demo-accounts';
import { Outbox } from '../../infra/local/outbox';
import { signIn } from '../support/sign-in';
import { lostWrites, summary, type Acknowledged, type Observed, type Stream } from './ledger';

interface Ready {
  readonly url: string;
  readonly identity: string;
  readonly pool: { readonly userPoolId: string; readonly clientId: string };
}

interface Running {
  readonly child: ChildProcess;
  readonly ready: Ready;
}

const [runs = 10, writes = 30] = process.argv.slice(2).map(Number);
const admin = DEMO_ACCOUNTS.find((a) => a.group === 'admin')!;
const editor = DEMO_ACCOUNTS.find((a) => a.group === 'editor')!;
const user = DEMO_ACCOUNTS.find((a) => a.group === undefined)!;

/** Starts the stack on `dataDir` in its own process group; resolves once it serves. */
function startStack(dataDir: string): Promise<Running> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/durability/stack-process.ts'], {
    env: { ...process.env, DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const line = output.split('\n').find((l) => l.startsWith('READY '));
      if (line) resolve({ child, ready: JSON.parse(line.slice(6)) as Ready });
    });
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) =>
      reject(new Error(`stack exited (${code}):\n${output.slice(-3000)}`)),
    );
  });
}

/** SIGKILL to the whole process group: node and the JVM at the same instant. */
async function killGroup(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  process.kill(-child.pid!, signal);
  await exited;
  // The JVM is in the group too: wait until nothing of the group is left.
  for (let i = 0; i < 100; i++) {
    try {
      process.kill(-child.pid!, 0);
    } catch {
      return;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function tokens(stack: Ready, dataDir: string) {
  const target = {
    endpoint: stack.identity,
    ...stack.pool,
    outbox: new Outbox(join(dataDir, 'outbox.jsonl')),
  };
  const [a, u] = await Promise.all([
    signIn(target, admin.email, admin.password),
    signIn(target, user.email, user.password),
  ]);
  return { admin: a.idToken, user: u.idToken };
}

async function call(
  stack: Ready,
  token: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; json: Record<string, unknown> }> {
  const response = await fetch(`${stack.url}${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return {
    status: response.status,
    json: text ? (JSON.parse(text) as Record<string, unknown>) : {},
  };
}

async function graphql(stack: Ready, token: string, query: string, variables: object) {
  const response = await fetch(`${stack.url}/graphql`, {
    method: 'POST',
    headers: { Authorization: token, 'Content-Type': 'application/json' },
    body: JSON.stringify({ query, variables }),
  });
  return (await response.json()) as {
    data?: Record<string, { version: number } | { version: number }[] | null>;
    errors?: { message: string }[];
  };
}

const DESCRIPTION = 'curatedDescription(isin: $isin) { version }';
const HISTORY = 'descriptionHistory(isin: $isin) { version }';
const UPDATE = `mutation U($isin: ID!, $text: String!, $version: Int!) {
  updateDescription(isin: $isin, text: $text, version: $version) { version } }`;

/** The items the streams write, made (or found) before the kill. */
interface Subjects {
  readonly isin: string;
  readonly watchlistId: string;
}

async function subjects(stack: Ready, token: { admin: string; user: string }): Promise<Subjects> {
  const search = await fetch(`${stack.url}/api/asset/stocks/search?limit=1`).then(
    (r) => r.json() as Promise<{ data: { symbol: string }[] }>,
  );
  const symbol = search.data[0]!.symbol;
  const profile = await fetch(`${stack.url}/api/asset/stocks/profile/${symbol}`).then(
    (r) => r.json() as Promise<{ data: { isin: string }[] }>,
  );
  const created = await call(stack, token.user, 'POST', '/api/subscription/watchlists', {
    name: 'durability',
  });
  if (created.status !== 201 && created.status !== 200) {
    throw new Error(`watchlist: ${created.status} ${JSON.stringify(created.json)}`);
  }
  return { isin: profile.data[0]!.isin, watchlistId: String(created.json.id) };
}

/** The current version of each stream's item (0 when never written). */
async function observe(
  stack: Ready,
  token: { admin: string; user: string },
  of: Subjects,
): Promise<Record<Stream, Observed>> {
  const read = await graphql(
    stack,
    token.admin,
    `query R($isin: ID!) { ${DESCRIPTION} ${HISTORY} }`,
    {
      isin: of.isin,
    },
  );
  if (read.errors) throw new Error(`curation read: ${JSON.stringify(read.errors)}`);
  const description = read.data?.curatedDescription as { version: number } | null;
  const history = (read.data?.descriptionHistory ?? []) as { version: number }[];
  const lists = await call(stack, token.user, 'GET', '/api/subscription/watchlists');
  const list = (lists.json.watchlists as { id: string; version: number }[]).find(
    (w) => w.id === of.watchlistId,
  );
  const permissions = await call(
    stack,
    token.admin,
    'GET',
    `/api/admin/editorPermissions?email=${encodeURIComponent(editor.email)}`,
  );
  return {
    curation: {
      version: description?.version ?? 0,
      audited: new Set(history.map((h) => h.version)),
    },
    watchlist: { version: list?.version ?? 0 },
    permissions: { version: Number(permissions.json.version ?? 0) },
  };
}

/** One stream: `count` writes, each at the version the last acknowledged one made. */
async function stream(
  count: number,
  from: number,
  write: (version: number, n: number) => Promise<number | undefined>,
  acknowledged: Acknowledged[],
  name: Stream,
  onAck: () => void,
): Promise<void> {
  let version = from;
  for (let n = 0; n < count; n++) {
    let made: number | undefined;
    try {
      made = await write(version, n);
    } catch {
      return; // the stack is gone: nothing more is acknowledged
    }
    if (made === undefined) return;
    acknowledged.push({ stream: name, version: made });
    version = made;
    onAck();
  }
}

async function run(index: number): Promise<{ acknowledged: number; lost: number }> {
  const dataDir = await mkdtemp(join(tmpdir(), 'stockscope-kill9-'));
  try {
    let running = await startStack(dataDir);
    let stack = running.ready;
    let token = await tokens(stack, dataDir);
    const of = await subjects(stack, token);
    const before = await observe(stack, token, of);

    const acknowledged: Acknowledged[] = [];
    const killAfter = randomInt(1, writes);
    let killing: Promise<void> | undefined;
    const onAck = () => {
      if (acknowledged.length >= killAfter) killing ??= killGroup(running.child, 'SIGKILL');
    };
    const perStream = Math.ceil(writes / 3);
    await Promise.all([
      stream(
        perStream,
        before.curation.version,
        async (version, n) => {
          const answer = await graphql(stack, token.admin, UPDATE, {
            isin: of.isin,
            text: `Run ${index}, write ${n}.`,
            version,
          });
          return (answer.data?.updateDescription as { version: number } | null)?.version;
        },
        acknowledged,
        'curation',
        onAck,
      ),
      stream(
        perStream,
        before.watchlist.version,
        async (version, n) => {
          const answer = await call(
            stack,
            token.user,
            'PUT',
            `/api/subscription/watchlists/${of.watchlistId}`,
            {
              name: `durability ${n}`,
              symbols: [],
              version,
            },
          );
          return answer.status === 200 ? Number(answer.json.version) : undefined;
        },
        acknowledged,
        'watchlist',
        onAck,
      ),
      stream(
        writes - 2 * perStream,
        before.permissions.version,
        async (version, n) => {
          // Alternating sets, so each write changes something (an unchanged set is still a write).
          const empty = emptyPermissionSet();
          const permissionSet =
            n % 2 === 0
              ? { ...empty, DESCRIPTION: { ...empty.DESCRIPTION, read: [of.isin] } }
              : empty;
          const answer = await call(stack, token.admin, 'PUT', '/api/admin/editorPermissions', {
            email: editor.email,
            permissionSet,
            version,
          });
          return answer.status === 200 ? Number(answer.json.version) : undefined;
        },
        acknowledged,
        'permissions',
        onAck,
      ),
    ]);
    await (killing ?? killGroup(running.child, 'SIGKILL'));

    running = await startStack(dataDir);
    stack = running.ready;
    token = await tokens(stack, dataDir);
    const after = await observe(stack, token, of);
    const lost = lostWrites(acknowledged, after);
    if (process.env.KILL9_VERBOSE) {
      console.log(
        JSON.stringify({ before, acknowledged, after }, (_k, v: unknown) =>
          v instanceof Set ? [...(v as Set<number>)] : v,
        ),
      );
    }
    await killGroup(running.child, 'SIGTERM');
    console.log(
      `run ${index + 1}: killed after ${killAfter} acknowledgements; acknowledged ${acknowledged.length}, lost ${lost.length}` +
        (lost.length ? ` ${JSON.stringify(lost)}` : ''),
    );
    return { acknowledged: acknowledged.length, lost: lost.length };
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

const results = [];
for (let i = 0; i < runs; i++) results.push(await run(i));
const total = summary(results);
console.log(`runs ${total.runs}, acknowledged writes ${total.acknowledged}, lost ${total.lost}`);
process.exit(total.lost === 0 ? 0 : 1);
