// ESLint: typescript-eslint's recommended rules, React's hook rules and Next's rules, on every
// TypeScript and JavaScript file of the project. Formatting is Prettier's (eslint-config-prettier
// turns off the rules it owns). Type-aware rules are not used: they need TypeScript's JavaScript
// API, which TypeScript 7 does not have (`npm run typecheck` runs TypeScript 7 itself).
import js from "@eslint/js";
import nextPlugin from "@next/eslint-plugin-next";
import prettier from "eslint-config-prettier";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    ignores: [
      "node_modules/",
      ".next*/",
      ".build/",
      ".bench/",
      "data/",
      "test-results/",
      "playwright-report/",
      "vendor/",
      "db/migrations/",
      "tests/fixtures/",
      "next-env.d.ts",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { "react-hooks": reactHooks, "@next/next": nextPlugin },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...nextPlugin.configs.recommended.rules,
      ...nextPlugin.configs["core-web-vitals"].rules,
      // `const { id, ...rest } = x` is how a copy without some properties is made: the properties
      // named only to leave them out are not unused (ignoreRestSiblings).
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none", ignoreRestSiblings: true },
      ],
      // Pictures are media exactly as stored (served from /media, or a blob: URL of a new upload),
      // shown from their natural size down; areas are placed on them in image pixels. next/image
      // would serve resized, re-encoded copies through its optimizer, which is not wanted: a plain
      // <img> is right for this app.
      "@next/next/no-img-element": "off",
    },
  },
  {
    // Playwright specs and fixtures, integration tests and benchmarks are not React code: a
    // fixture's `use(value)` is Playwright's, not React's `use` hook.
    files: ["e2e/**", "tests/**", "bench/**"],
    rules: Object.fromEntries(Object.keys(reactHooks.configs.recommended.rules).map((rule) => [rule, "off"])),
  },
  prettier,
);
