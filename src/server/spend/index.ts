/* Ad spend (decision 165): pulled from Meta or uploaded, matched to the funnel's keys. */
export { spendMigrations, type SpendTables } from './spend-tables';
export { SpendStore, spendStoreOf } from './spend-store';
export { costsOf, matchSpend, weeksOf, type CampaignPage } from './spend-costs';
export { toDecimal } from './money';
export { spendRoutes } from './spend-routes';
export { spendPlugin, spendPullProblem, type SpendPullSettings } from './spend-pull';
