import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { LocalPool } from './identity/bootstrap';

/** What the local stack must remember between starts (the ids the identity service generated). */
export interface LocalConfig {
  readonly pool?: LocalPool;
}

export async function readLocalConfig(file: string): Promise<LocalConfig> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as LocalConfig;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw error;
  }
}

export async function writeLocalConfig(file: string, config: LocalConfig): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, `${JSON.stringify(config, null, 2)}\n`, 'utf8');
}
