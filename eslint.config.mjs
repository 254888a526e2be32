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
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" },
      ],
    },
  },
  prettier,
);
