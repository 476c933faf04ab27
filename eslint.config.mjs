import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";
import tseslint from "typescript-eslint";

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  {
    // Type-aware rules on every TypeScript file (app, lib, scripts, tests, e2e, configs). The project
    // service reads tsconfig.json, which includes all of them, so no file list is kept here.
    files: ["**/*.{ts,tsx,mts,cts}"],
    extends: [tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      // Next's config makes these two warnings; recommendedTypeChecked would turn them back into errors.
      "@typescript-eslint/no-unused-vars": "warn",
      "@typescript-eslint/no-unused-expressions": "warn",
      "@typescript-eslint/no-floating-promises": "error",
      // A caught error is `unknown`; passing it on to reject() as it is is the point. only-throw-error
      // allows the same for `throw` by default.
      "@typescript-eslint/prefer-promise-reject-errors": ["error", { allowThrowingUnknown: true }],
      // Inline `type` markers, as the code already writes mixed imports: `import { x, type X } from "…"`.
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
    },
  },
  {
    // Tests read response bodies as `any` on purpose (tests/support/http.ts): a field read from one is
    // asserted on the spot, so a wrong guess fails the test. Helpers still may not return `any`.
    files: ["tests/**", "e2e/**"],
    rules: {
      "@typescript-eslint/no-unsafe-member-access": "off",
      "@typescript-eslint/no-unsafe-assignment": "off",
      "@typescript-eslint/no-unsafe-call": "off",
      "@typescript-eslint/no-unsafe-argument": "off",
    },
  },
  {
    // Marquee's links fetch their page ahead when a visitor reaches for them, not when they scroll into
    // view (components/ui/intent-link.tsx); account pages are never fetched ahead (account-route-link.tsx).
    files: ["app/**", "components/**"],
    ignores: ["components/ui/intent-link.tsx", "components/layout/account-route-link.tsx"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [
            {
              name: "next/link",
              message:
                "Use IntentLink (components/ui/intent-link.tsx) or AccountRouteLink: next/link prefetches every link in view.",
            },
          ],
        },
      ],
    },
  },
  {
    // Plain JavaScript (configs, the cache handler) is outside tsconfig.json: no type information.
    files: ["**/*.{js,jsx,mjs,cjs}"],
    extends: [tseslint.configs.disableTypeChecked],
  },
  globalIgnores([
    ".next/**",
    ".next-test*/**",
    ".data/**",
    "lib/generated/**",
    "next-env.d.ts",
    "test-results/**",
    "playwright-report/**",
  ]),
]);
