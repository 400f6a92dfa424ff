// The Mocha globals @web/test-runner provides in the browser (no @types/mocha in the repository).
type MochaCallback = (this: unknown) => void | Promise<unknown>;

declare function describe(title: string, suite: () => void): void;
declare function it(title: string, test: MochaCallback): void;
declare function before(hook: MochaCallback): void;
declare function after(hook: MochaCallback): void;
declare function beforeEach(hook: MochaCallback): void;
declare function afterEach(hook: MochaCallback): void;
