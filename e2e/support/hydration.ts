// Waiting for React to take over a server-rendered control.
import { expect, type Locator } from "@playwright/test";

/**
 * Resolves once React has hydrated the element: it then carries React's props (the `__reactProps$…`
 * key React puts on every element it manages). Before that a <select> changes its value without
 * calling its handler, and choosing the same option again fires no change: retrying is no cure.
 */
export async function hydrated(element: Locator): Promise<Locator> {
  await expect
    .poll(() => element.evaluate((node) => Object.keys(node).some((key) => key.startsWith("__reactProps$"))), {
      timeout: 30_000,
    })
    .toBe(true);
  return element;
}
