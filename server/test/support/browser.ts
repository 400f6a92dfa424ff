import { chromium, type Browser } from 'playwright-core';
import { chromiumLaunchOptions } from '../../../scripts/chromium.mjs';

export function launchChromium(): Promise<Browser> {
  return chromium.launch(chromiumLaunchOptions);
}
