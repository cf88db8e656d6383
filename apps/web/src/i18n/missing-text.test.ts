import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  vi.resetModules();
});

describe("the browser's build (each module brings its own text, decision 0046)", () => {
  it('says a key no module brought, once, fetches the whole text and redraws with it', async () => {
    vi.stubEnv('TEXT_WITH_ITS_CODE', 'true');
    vi.resetModules();
    // Fresh modules: the text of the shell only, as in the browser before any page's module has run.
    const { currentT, subscribe } = await import('./translate');
    const { addText } = await import('.');
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const told = new Promise<void>((resolve) => subscribe(resolve));

    addText({ help: { title: 'Brought by its module' } });
    expect(currentT()('help.title')).toBe('Brought by its module');
    expect(error).not.toHaveBeenCalled();

    expect(currentT()('declaration.title')).toBe('declaration.title');
    expect(currentT()('declaration.title')).toBe('declaration.title');
    expect(currentT()('declaration.none', { defaultValue: '' })).toBe('');
    expect(error.mock.calls).toEqual([
      ['No module brought the text of declaration.title: the whole text is fetched'],
    ]);

    await told;
    expect(currentT()('declaration.title')).toBe('Countersignatory declaration');
    expect(currentT()('help.title')).toBe('Help');
  });
});
