import type { ComponentType, ReactElement } from 'react';
import { createElement, lazy, useState } from 'react';

interface ComponentModule<P> {
  default: ComponentType<P>;
}

/** Loads a component's chunk once (every call shares the first download) and remembers the component. */
export interface ChunkLoader<P> {
  (): Promise<ComponentModule<P>>;
  /** The component once its chunk has arrived, else undefined. */
  loaded(): ComponentType<P> | undefined;
}

/** Every chunk download started, so that a test can wait for the ones still running (chunksSettled). */
const downloads = new Set<Promise<unknown>>();

/**
 * Resolves once every chunk download started so far has ended, well or not. The unit tests' set-up waits for it
 * after each file: a download still running when a file's environment is torn down fails the run.
 */
export function chunksSettled(): Promise<unknown> {
  return Promise.allSettled([...downloads]);
}

export function chunkLoader<P>(importer: () => Promise<ComponentModule<P>>): ChunkLoader<P> {
  let download: Promise<ComponentModule<P>> | undefined;
  let component: ComponentType<P> | undefined;
  const load = () => {
    if (!download) {
      download = importer().then((module) => {
        component = module.default;
        return module;
      });
      downloads.add(download);
    }
    return download;
  };
  return Object.assign(load, { loaded: () => component });
}

/**
 * Like React.lazy, except that a chunk already downloaded (by a prefetch, or by an earlier render) renders at
 * once. React.lazy suspends on its first render even then, and React holds back the content that replaces a
 * Suspense fallback for up to 300 ms after that fallback appeared: each lazy screen in a chain (shell, page,
 * chart) would add that wait to the first paint, on a page whose code had long arrived.
 */
export function lazyComponent<P extends object>(load: ChunkLoader<P>): (props: P) => ReactElement {
  const Lazy = lazy(load);
  return function LazyComponent(props: P) {
    // Chosen once per instance: switching from Lazy to the component later would remount it (another type).
    const [Loaded] = useState(load.loaded);
    return Loaded ? createElement(Loaded, props) : createElement(Lazy as ComponentType<P>, props);
  };
}
