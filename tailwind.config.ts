import type { Config } from "tailwindcss";
import type { PluginAPI } from "tailwindcss/types/config.js";

export default {
  // common/ holds class names too (the due-date colours of classroom-due.ts).
  content: ["./app/**/*.{ts,tsx}", "./common/**/*.ts"],
  // Dark mode follows the system setting (prefers-color-scheme).
  darkMode: "media",
  theme: {
    extend: {
      fontFamily: {
        sans: [
          "system-ui",
          "-apple-system",
          "Segoe UI",
          "Roboto",
          "Noto Sans",
          "Helvetica Neue",
          "Arial",
          "sans-serif",
        ],
      },
    },
  },
  plugins: [
    // CSS's scripting media feature: `scripted:` applies in a browser that runs the page's script,
    // from the first paint (before the script has loaded), and `noscript:` in one that does not. A
    // part drawn one way without JavaScript and another once the script runs is drawn the second way
    // from the start, so the page does not jump when it hydrates (docs/decisions/0144).
    ({ addVariant }: PluginAPI) => {
      addVariant("scripted", "@media (scripting: enabled)");
      addVariant("noscript", "@media (scripting: none)");
    },
  ],
} satisfies Config;
