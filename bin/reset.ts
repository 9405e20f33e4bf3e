/** `npm run reset`: wipes the local stack's data (.data/); the next `npm start` seeds afresh. */
import { rm } from 'node:fs/promises';
import { resolve } from 'node:path';

const dataDir = resolve(process.env.DATA_DIR ?? '.data');
await rm(dataDir, { recursive: true, force: true });
console.log(`Removed ${dataDir}. The next "npm start" creates fresh demo data.`);
