import {
  DESCRIPTION_CONFLICT_MESSAGE,
  type CuratedDescription,
  type DescriptionVersion,
} from '../../core/curation/description';
import { Conflict, NotFound } from '../../core/domain-errors';
import type { Action } from '../../core/permissions';
import type { DescriptionStore } from '../ports/description-store';
import type { UsersRepository } from '../ports/users-repository';
import { CuratorAccess, curatorName, type Curator } from './curator-access';

export type { Curator };

export interface DescriptionServiceDeps {
  readonly store: DescriptionStore;
  readonly users: Pick<UsersRepository, 'get'>;
  readonly clock?: () => Date;
}

/**
 * Curation of company descriptions (resource DESCRIPTION of §6): every operation is authorised
 * before anything is read, with core's permission rule for the action and the ISIN. Admins always
 * pass, editors where their stored set allows, everyone else is refused. Writes are versioned: a
 * stale version is a Conflict and writes nothing.
 */
export class DescriptionService {
  private readonly clock: () => Date;
  private readonly access: CuratorAccess;

  constructor(private readonly deps: DescriptionServiceDeps) {
    this.clock = deps.clock ?? (() => new Date());
    this.access = new CuratorAccess(deps.users);
  }

  async get(curator: Curator, isin: string): Promise<CuratedDescription> {
    await this.authorize(curator, 'read', isin);
    return this.existing(isin);
  }

  async history(curator: Curator, isin: string): Promise<DescriptionVersion[]> {
    await this.authorize(curator, 'read', isin);
    await this.existing(isin);
    return this.deps.store.history(isin);
  }

  async update(
    curator: Curator,
    isin: string,
    text: string,
    expectedVersion: number,
  ): Promise<CuratedDescription> {
    await this.authorize(curator, 'update', isin);
    return this.write(curator, isin, text, expectedVersion);
  }

  /** Makes an earlier version's text current again: a new version, audited like any update. */
  async restore(
    curator: Curator,
    isin: string,
    version: number,
    expectedVersion: number,
  ): Promise<CuratedDescription> {
    await this.authorize(curator, 'update', isin);
    const entry = await this.deps.store.entry(isin, version);
    if (!entry) throw new NotFound(`Version ${version} of this description is not kept`);
    return this.write(curator, isin, entry.after, expectedVersion);
  }

  private async write(
    curator: Curator,
    isin: string,
    text: string,
    expectedVersion: number,
  ): Promise<CuratedDescription> {
    const current = await this.existing(isin);
    // `before` must be the text of the expected version: read at that version, and the store's
    // condition on the same version then proves nobody wrote in between.
    if (current.version !== expectedVersion) throw new Conflict(DESCRIPTION_CONFLICT_MESSAGE);
    const updatedAt = this.clock().toISOString();
    const updatedBy = curatorName(curator);
    await this.deps.store.write({
      isin,
      expectedVersion,
      before: current.text,
      after: text,
      updatedAt,
      updatedBy,
    });
    return { isin, text, version: expectedVersion + 1, updatedAt, updatedBy };
  }

  private async existing(isin: string): Promise<CuratedDescription> {
    const current = await this.deps.store.current(isin);
    if (!current) throw new NotFound(`No company with ISIN ${isin}`);
    return current;
  }

  /** Refuses anyone who curates nothing (the edge calls it before validating input). */
  assertCurator(curator: Pick<Curator, 'groups'>): void {
    this.access.assertCurator(curator);
  }

  private authorize(curator: Curator, action: Action, isin: string): Promise<void> {
    return this.access.authorize(curator, 'DESCRIPTION', action, isin, 'the description');
  }
}
