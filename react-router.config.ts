import type { Config } from "@react-router/dev/config";
import { PRERENDERED_PATHS } from "#app/content/notes/catalog.ts";

export default {
  ssr: true,
  // Notes pages are the same for everyone: built once as static HTML (and .data for client
  // navigation), served by Workers static assets. Every other page stays server-rendered.
  prerender: [...PRERENDERED_PATHS],
} satisfies Config;
