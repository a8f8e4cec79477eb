import { SEARCH_HEADER } from '../../src/shared/admin-audit';

/** "Search this list": the words in their header, as the dashboard sends them (decision 024). */
export const searchHeader = (words?: string): Record<string, string> =>
  words === undefined ? {} : { [SEARCH_HEADER]: encodeURIComponent(words) };
