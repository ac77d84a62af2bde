import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // Nothing is prerendered: the notes pages read the reader's college's academics tree and library
  // from D1 (docs/decisions/0107-library-finding.md), edge-cached for visitors.
} satisfies Config;
