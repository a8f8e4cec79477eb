/* Ad spend (decision 165): pulled from Meta or uploaded, matched to the funnel's keys. */
export { spendMigrations, type SpendTables } from './spend-tables';
export { SpendStore } from './spend-store';
export { costsOf, matchSpend, weeksOf, type CampaignPage } from './spend-costs';
export { toDecimal } from './money';
export { spendPlugin } from './spend-plugin';
export { spendRoutes } from './spend-routes';
export { spendPullProblem, type SpendPullProblem, type SpendPullSettings } from './spend-pull';
export type { MetaAdsConfig } from './meta-insights';
