import { readdirSync } from 'node:fs';

/**
 * The SPA's import zones (bulletproof-react's unidirectional architecture): shared code (lib/,
 * components/, hooks/, core/) → features/ → app/. A feature imports shared code and its own
 * files, never another feature nor app/; shared code imports neither. What two features need
 * goes to shared code; app/ composes the features. Paths are relative to the repository root,
 * where ESLint runs; features are read from the folder, so a new one is covered at once.
 */
const SRC = 'web/src';

export const webFeatures = () =>
  readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

export function webZones() {
  const features = webFeatures().map((feature) => ({
    target: `${SRC}/features/${feature}`,
    from: `${SRC}/features`,
    except: [`./${feature}`],
    message: 'A feature may not import another feature: move what both need to shared code.',
  }));
  const shared = ['lib', 'components', 'hooks'].map((folder) => ({
    target: `${SRC}/${folder}`,
    from: [`${SRC}/features`, `${SRC}/app`],
    message: 'Shared code may not import features or app/.',
  }));
  return [
    ...features,
    {
      target: `${SRC}/features`,
      from: `${SRC}/app`,
      message: 'A feature may not import app/: move what it needs to shared code.',
    },
    ...shared,
  ];
}
