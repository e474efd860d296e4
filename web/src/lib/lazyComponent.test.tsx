import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { chunkLoader, lazyComponent } from './lazyComponent';

function Greeting({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

function deferred() {
  let resolve: () => void = () => undefined;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

describe('lazyComponent', () => {
  it('suspends while its chunk downloads, then renders the component with its props', async () => {
    const gate = deferred();
    let downloads = 0;
    const load = chunkLoader(async () => {
      downloads += 1;
      await gate.promise;
      return { default: Greeting };
    });
    const LazyGreeting = lazyComponent(load);
    render(
      <Suspense fallback={<p>Loading</p>}>
        <LazyGreeting name="Ann" />
      </Suspense>,
    );
    expect(screen.getByText('Loading')).toBeInTheDocument();
    gate.resolve();
    expect(await screen.findByText('Hello Ann')).toBeInTheDocument();
    expect(downloads).toBe(1);
  });

  it('renders at once, without the fallback, when the chunk was loaded ahead', async () => {
    let downloads = 0;
    const load = chunkLoader(() => {
      downloads += 1;
      return Promise.resolve({ default: Greeting });
    });
    const LazyGreeting = lazyComponent(load);
    expect(load.loaded()).toBeUndefined();
    await load();
    await load();
    expect(load.loaded()).toBe(Greeting);
    render(
      <Suspense fallback={<p>Loading</p>}>
        <LazyGreeting name="Bob" />
      </Suspense>,
    );
    // Synchronously: no fallback first.
    expect(screen.getByText('Hello Bob')).toBeInTheDocument();
    expect(screen.queryByText('Loading')).not.toBeInTheDocument();
    expect(downloads).toBe(1);
  });
});
