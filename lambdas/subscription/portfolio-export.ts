import { randomUUID } from 'node:crypto';
import { Forbidden } from '../../core/domain-errors';
import { portfolioCsv, portfolioCsvFileName } from '../../core/portfolio/export-csv';
import { entitlementsOf, premiumOnlyText } from '../../core/subscription';
import {
  CSV_EXPORT_FEATURE,
  DOWNLOAD_EXPIRY_SECONDS,
  IMPORT_CONTENT_TYPE,
  userFileKey,
  type DownloadLink,
} from '../../core/user-files';
import type { UserFiles } from '../ports/user-files';
import type { UsersRepository } from '../ports/users-repository';
import type { PortfolioService } from './portfolio-service';

/**
 * A portfolio's transactions as a CSV file (Premium, like every export: core/subscription.ts),
 * written under the caller's exports/ folder and offered by a short-lived link. A read-only
 * portfolio exports too: it is the user's data either way.
 */
export class PortfolioExport {
  private readonly now: () => number;

  constructor(
    private readonly deps: {
      readonly users: UsersRepository;
      readonly files: UserFiles;
      readonly portfolios: PortfolioService;
      readonly now?: () => number;
    },
  ) {
    this.now = deps.now ?? Date.now;
  }

  async exportCsv(sub: string, id: string): Promise<DownloadLink> {
    const record = await this.deps.users.get(sub);
    if (!entitlementsOf(record?.subscription, this.now()).exports) {
      throw new Forbidden(premiumOnlyText(CSV_EXPORT_FEATURE));
    }
    const { portfolio, transactions } = await this.deps.portfolios.transactions(sub, id);
    const at = this.now();
    const fileName = portfolioCsvFileName(portfolio.name, at);
    const key = userFileKey(sub, 'exports', `${at}-${randomUUID()}.csv`);
    await this.deps.files.write(
      key,
      portfolioCsv(transactions),
      `${IMPORT_CONTENT_TYPE}; charset=utf-8`,
    );
    return {
      url: await this.deps.files.presignDownload(key, fileName, DOWNLOAD_EXPIRY_SECONDS),
      fileName,
    };
  }
}
