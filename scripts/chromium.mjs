// Launch options for Debian's Chromium, shared by the widget's component tests, the end-to-end
// tests and bench:widget. The flags keep it from reaching for the network (this machine has none)
// and let it run as root in a container.
export const chromiumLaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--disable-dev-shm-usage',
  ],
};
