import type { ElementLocator } from '@wayfinder/core';
import type { Locator } from '@wayfinder/page';

/** A page script's locator as the browser port's (its match count and confidence dropped). */
export function locatorOf(locator: Locator): ElementLocator {
  const { kind, value, name, within, nth } = locator;
  return {
    kind,
    value,
    ...(name !== undefined ? { name } : {}),
    ...(within !== undefined ? { within } : {}),
    ...(nth !== undefined ? { nth } : {}),
  };
}
