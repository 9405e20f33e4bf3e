import { ProductPortfolioMarketInputs } from '../asset/portfolio-market-inputs';
import type { AssetService } from '../asset/service';
import type { AlertStore } from '../ports/alert-store';
import type { EmailSender } from '../ports/email-sender';
import type { NotificationLedger } from '../ports/notification-ledger';
import type { MarketData } from '../ports/market-data';
import type { PaymentProvider } from '../ports/payments';
import type { PortfolioStore } from '../ports/portfolio-store';
import type { SavedScreenStore } from '../ports/saved-screen-store';
import type { SessionRevocations } from '../ports/session-revocations';
import type { StocksRepository } from '../ports/stocks-repository';
import type { UserFiles } from '../ports/user-files';
import type { UsersRepository } from '../ports/users-repository';
import type { WatchlistStore } from '../ports/watchlist-store';
import type { ApiHandler } from '../shared/dispatch';
import { AlertService } from './alert-service';
import { createSubscriptionApi } from './app';
import { BillingService, type BillingConfig } from './billing-service';
import { knownSymbolIn } from './known-symbol';
import { PortfolioExport } from './portfolio-export';
import { PortfolioImport } from './portfolio-import';
import { PortfolioService } from './portfolio-service';
import { PortfolioSummaryService } from './portfolio-summary-service';
import { SavedScreenService } from './saved-screen-service';
import { UserFileService } from './user-file-service';
import { WatchlistService } from './watchlist-service';

/** What the subscription API runs on. */
export interface SubscriptionPorts {
  /** The users table: records, sessions, and each user's watchlists, alerts, screens, portfolios. */
  readonly users: UsersRepository;
  readonly revocations: SessionRevocations;
  readonly watchlists: WatchlistStore;
  readonly alerts: AlertStore;
  readonly savedScreens: SavedScreenStore;
  readonly portfolios: PortfolioStore;
  /**
   * The stocks table, read only: an alert or an imported row names a listed symbol; a
   * portfolio's summary reads its companies' statements and Shariah data.
   */
  readonly stocks: Pick<StocksRepository, 'findBySymbol' | 'findByIsin' | 'getFundamentals'>;
  /** The asset service's universe copy and FX rates, and the market's quotes and daily bars. */
  readonly assets: Pick<AssetService, 'profilesBySymbol' | 'fxRates'>;
  readonly market: Pick<MarketData, 'quotes' | 'daily'>;
  /** The clock a summary's today is read from (the wall clock unless a test drives it). */
  readonly now?: () => number;
  /** Stripe, its prices and where its pages send the user back. */
  readonly payments: PaymentProvider;
  readonly billing: BillingConfig;
  /** Billing's e-mails, each sent once per cause (the notification ledger). */
  readonly email: EmailSender;
  readonly notices: NotificationLedger;
  /** The user-files bucket (CSV imports and exports). */
  readonly files: UserFiles;
}

/** The subscription API (REST), for AWS's Lambda and the local stack. */
export function composeSubscriptionApi(ports: SubscriptionPorts): ApiHandler {
  const { users, stocks } = ports;
  const watchlists = new WatchlistService({ users, store: ports.watchlists });
  const alerts = new AlertService({
    users,
    store: ports.alerts,
    knownSymbol: knownSymbolIn(stocks),
  });
  const portfolios = new PortfolioService({ users, store: ports.portfolios });
  // One per process: its kept closes let the day's later summaries read no bars.
  const portfolioMarket = new ProductPortfolioMarketInputs({
    assets: ports.assets,
    stocks,
    market: ports.market,
  });
  return createSubscriptionApi({
    users,
    revocations: ports.revocations,
    billing: new BillingService({
      users,
      payments: ports.payments,
      email: ports.email,
      notices: ports.notices,
      config: ports.billing,
    }),
    watchlists,
    alerts,
    savedScreens: new SavedScreenService({ users, store: ports.savedScreens }),
    files: new UserFileService({ users, files: ports.files, stocks, watchlists, alerts }),
    portfolios,
    portfolioSummary: new PortfolioSummaryService({
      users,
      portfolios,
      market: portfolioMarket,
      ...(ports.now ? { now: ports.now } : {}),
    }),
    portfolioExport: new PortfolioExport({ users, files: ports.files, portfolios }),
    portfolioImport: new PortfolioImport({ files: ports.files, stocks, portfolios }),
  });
}
