// ESLint 9 flat config: typescript-eslint's recommended rules everywhere, plus the type-aware rules
// that catch real bugs in a bot (a forgotten await loses an error or answers a button twice).
// Formatting is Prettier's business (eslint-config-prettier switches off the rules that overlap).
import js from "@eslint/js";
import prettier from "eslint-config-prettier";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["dist/", "dist-bench/", "node_modules/", "coverage/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.ts"],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      // Type-aware, and worth their cost: unhandled promises are silent failures in a chat.
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/no-misused-promises": [
        "error",
        { checksVoidReturn: { arguments: false } },
      ],
      "@typescript-eslint/await-thenable": "error",
      // `_` marks a parameter kept for its position (grammY middleware signatures).
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" },
      ],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      eqeqeq: ["error", "always"],
      // Off: matching control characters is the point where it is used (untrusted exchanger strings
      // are cleaned of them before they reach Telegram, and tests prove it).
      "no-control-regex": "off",
    },
  },
  {
    // A function longer than a screen hides its steps: split it into named ones (blank lines and
    // comments do not count). Exempt: the sandbox (a stand-in exchanger with long fixtures).
    files: ["src/**/*.ts"],
    ignores: ["src/sandbox/**"],
    rules: {
      "max-lines-per-function": ["error", { max: 50, skipBlankLines: true, skipComments: true }],
    },
  },
  {
    // Scripts are plain Node ESM.
    files: ["**/*.mjs", "**/*.js"],
    languageOptions: { globals: { process: "readonly", console: "readonly", URL: "readonly" } },
  },
  prettier,
);
