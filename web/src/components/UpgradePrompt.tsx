import { PROFILE_PATH } from '@core/routes';
import { limitReachedText, premiumOnlyText, type Tier } from '@core/subscription';
import { AllowedLink } from './AllowedLink';
import './upgrade-prompt.css';

export const SEE_PLANS_TEXT = 'See the Premium plans';

/** Why a user meets the prompt: a feature Free lacks, or a limit of their plan. */
export type UpgradeReason =
  | { readonly kind: 'premium-only'; readonly feature: string }
  | {
      readonly kind: 'limit';
      readonly what: string;
      readonly limit: number;
      readonly tier: Tier;
    };

/**
 * The one upgrade prompt (core's texts, the same as the server's 403s): what the plan does not
 * allow and, when Premium would allow it, a link to the plans on the profile.
 */
export function UpgradePrompt({ reason }: { readonly reason: UpgradeReason }) {
  const text =
    reason.kind === 'limit'
      ? limitReachedText(reason.what, reason.limit, reason.tier)
      : premiumOnlyText(reason.feature);
  const upgradable = reason.kind === 'premium-only' || reason.tier === 'free';
  return (
    <p className="upgrade-prompt" role="note">
      {text}
      {upgradable && (
        <>
          {' '}
          {/* Staff have no plans to see: the link is for the roles that may open the profile. */}
          <AllowedLink to={PROFILE_PATH} otherwise="nothing">
            {SEE_PLANS_TEXT}
          </AllowedLink>
        </>
      )}
    </p>
  );
}
