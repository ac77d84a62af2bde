import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // A route's client action (a form's offline answer) stays in the route's file. Split into files of
  // their own, every page's first load fetched them anyway (its script imports them beside the
  // route), as one more file each: about 200 bytes gzip (decision 0079).
  splitRouteModules: false,
  // Nothing is prerendered: the notes pages read the reader's college's academics tree and library
  // from D1 (docs/decisions/0107-library-finding.md), edge-cached for visitors.
} satisfies Config;
