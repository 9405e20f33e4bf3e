/** Business constants and limits of SPEC §9, in one place. Import from here; never repeat a value. */

// Identity (§5, §9)
export const OTP_LENGTH = 4;
/** The identity service's e-mailed codes (sign-up, password reset); §5's 4 digits are the login's. */
export const EMAIL_CODE_LENGTH = 6;
export const VERIFICATION_TIMEOUT_MS = 15_000;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_SPECIAL_CHARACTERS = '!@#$%^&*()_+';
export const AUTO_SIGN_IN_TIMEOUT_MS = 180_000;
export const AUTO_SIGN_IN_POLL_MS = 5_000;
export const MFA_ENABLED = false;
export const ADMIN_GROUP = 'admin';
export const EDITOR_GROUP = 'editor';

// Subscription after checkout: how often and how long /payment-success asks for the confirmation.
// A card payment is confirmed within a second or two; the wait covers a slow provider, not days.
export const SUBSCRIPTION_CONFIRM_POLL_MS = 1_500;
export const SUBSCRIPTION_CONFIRM_WAIT_MS = 30_000;

// Search box (§2, §9)
export const SEARCH_MAX_VISIBLE_ROWS = 10;
export const SEARCH_ROW_HEIGHT_PX = 48;
export const SEARCH_BLUR_CLOSE_DELAY_MS = 150;
export const SEARCH_DEBOUNCE_MS = 300;

// Caching (§7, §9)
export const STOCK_LIST_STALE_MS = 300_000;
export const STOCK_LIST_GC_MS = 600_000;
export const DEFAULT_CACHE_LIFETIME_MS = 2_592_000_000; // 30 days

// Statements and charts (§3, §9)
export const STATEMENT_DEFAULT_LIMIT = 8;
export const CHART_INTERVALS = ['1min', '5min'] as const;
/** Chart ranges back from today (§3, §9); 1D starts today, ALL goes back 40 years. */
export const CHART_RANGES = {
  '1D': { days: 0 },
  '5D': { days: 5 },
  '3M': { months: 3 },
  '6M': { months: 6 },
  '1Y': { years: 1 },
  '2Y': { years: 2 },
  '5Y': { years: 5 },
  ALL: { years: 40 },
} as const;
export const DATE_FORMAT = 'YYYY-MM-DD';

// Transport retry (§7, §9)
export const RETRY_MAX_ATTEMPTS = 3;
export const RETRY_BASE_DELAY_MS = 100;
export const RETRY_MAX_JITTER_MS = 100;
export const RETRY_MAX_DELAY_MS = 300_000;

// SPA (§9)
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
export const REFETCH_ON_WINDOW_FOCUS = false;
export const DEFAULT_THEME = 'system';
export const CONTENT_WIDTH_PX = 1280;
export const COPYRIGHT_YEAR = 2025;

// Deployment (§1, §9)
export const AWS_REGION = 'us-east-2';
