const AT_CURRENT_RATES = 'USD at current rates';

/**
 * What each figure covers, as the server computes it (internal/profile GetBrief): the balance is the main-network
 * wallets now; income and outcome are main-network transactions that did not fail, pending included, amounts
 * without fees; every figure but the bonus is valued at each coin's current rate, the bonus in USD when paid.
 */
export const BRIEF_BASIS = {
  balance: `Now, main-network wallets · ${AT_CURRENT_RATES}`,
  income: `All time, main network, pending included · ${AT_CURRENT_RATES}`,
  outcome: `All time, main network, pending included, fees excluded · ${AT_CURRENT_RATES}`,
  exchangeFee: `All time · ${AT_CURRENT_RATES}`,
  bonus: 'All time · USD when paid',
} as const;
