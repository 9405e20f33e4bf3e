import {
  ACTIONS,
  ALL,
  RESOURCES,
  isAllowed,
  isGeneralResource,
  type Action,
  type PermissionSet,
  type Resource,
} from '@core/permissions';
import { SETTINGS_SECTIONS } from './settings-sections';

/** A resource's name as the settings area that manages it is titled (Stocks, Shariah, …). */
export const resourceTitle = (resource: Resource): string =>
  SETTINGS_SECTIONS.find((section) => section.resource === resource)?.title ?? resource;

/** Long lists are cut in the summary; the editor below shows them whole. */
const SHOWN_ITEMS = 5;

const joinWords = (words: readonly string[]): string =>
  words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;

function target(list: readonly string[]): string {
  if (list.includes(ALL)) return 'all items';
  const shown = list.slice(0, SHOWN_ITEMS).join(', ');
  return list.length > SHOWN_ITEMS ? `${shown} and ${list.length - SHOWN_ITEMS} more` : shown;
}

/**
 * One plain line per resource the set opens, e.g. "Stocks: read all items; update US0378331005"
 * or "Shariah: read". Actions that reach the same items share a phrase.
 */
export function describePermissions(set: PermissionSet): string[] {
  const lines: string[] = [];
  for (const resource of RESOURCES) {
    const title = resourceTitle(resource);
    if (isGeneralResource(resource)) {
      if (isAllowed(set, resource, 'read')) lines.push(`${title}: read`);
      continue;
    }
    // Keyed by the whole list, so two long lists that only start alike stay apart.
    const byList = new Map<string, { list: readonly string[]; actions: Action[] }>();
    for (const action of ACTIONS) {
      const list = set[resource][action];
      if (list.length === 0) continue;
      const key = list.includes(ALL) ? ALL : list.join(' ');
      const entry = byList.get(key) ?? { list, actions: [] };
      byList.set(key, { ...entry, actions: [...entry.actions, action] });
    }
    const phrases = [...byList.values()].map(
      ({ list, actions }) => `${joinWords(actions)} ${target(list)}`,
    );
    if (phrases.length > 0) lines.push(`${title}: ${phrases.join('; ')}`);
  }
  return lines;
}
