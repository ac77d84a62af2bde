import type { Config } from "tailwindcss";

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
} satisfies Config;
