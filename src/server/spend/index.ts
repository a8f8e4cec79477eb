/*
 * Ad spend (decision 165): stored per day, source and campaign, pulled from Meta or uploaded,
 * and matched to the funnel's keys. Other capabilities import only this module.
 */
export { spendMigrations, type SpendTables } from './spend-tables';
export { SpendStore } from './spend-store';
export { costsOf, matchSpend, weeksOf, type CampaignVisitors } from './spend-costs';
export { toDecimal } from './money';
export { spendPlugin } from './spend-plugin';
export { spendRoutes } from './spend-routes';
export { spendPullProblem, type SpendPullProblem, type SpendPullSettings } from './spend-pull';
export type { MetaAdsConfig } from './meta-insights';
