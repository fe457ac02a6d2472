// The registry's current API serves every endpoint under `/api/v2` as under `/api/v1`; the providers'
// own routes differ between the two (`routes/provider-routes.ts`, `routes/upload-routes.ts`), the others
// are the same handlers under both prefixes.
import { API, API_V2, type Routes } from './context.js';

/** Routes that add each `/api/v1` route under `/api/v2` too. */
export function underBothPrefixes(routes: Routes): Routes {
  const both: Routes = {
    route(method, pattern, handler, options) {
      routes.route(method, pattern, handler, options);
      if (pattern.startsWith(`${API}/`)) {
        routes.route(method, `${API_V2}${pattern.slice(API.length)}`, handler, options);
      }
      return both as ReturnType<Routes['route']>;
    },
  };
  return both;
}
