import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { lingui } from '@lingui/vite-plugin';
import babel from '@rolldown/plugin-babel';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * Pages built one after the other into dist/ (see the build script in package.json):
 * - index.html: the web app (router, back office);
 * - event.html and checkout.html (`--mode event-page`): the buyer's light entries, the event page
 *   (rendered by the server) and the checkout. Their own build, so they load a few files holding only
 *   what the pages use rather than chunks shaped by the app's screens, and one build for both, so the
 *   checkout reuses the files the event page already loaded (React, Mantine, Lingui).
 * - door.html (`--mode door`): the check-in door page, an offline app with its own service worker
 *   (door-sw.js, which precaches exactly the files this build made).
 * `vite build --ssr` then builds the page's server entry into ssr/dist/, one self-contained file the
 * server imports at run time.
 */

/** The dev server answers /e/* and /event/* with event.html and /checkout/* with checkout.html, as the real server does. */
function publicEventPage(): Plugin {
  return {
    name: 'taquilla-public-event-page',
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        if (req.url && /^\/(e|event)\/[^/]+\/[^/?]+/.test(req.url)) {
          req.url = `/event.html${req.url.includes('?') ? req.url.slice(req.url.indexOf('?')) : ''}`;
        } else if (req.url && /^\/checkout\/[^/]+\/[^/]+\/[^/?]+/.test(req.url)) {
          req.url = `/checkout.html${req.url.includes('?') ? req.url.slice(req.url.indexOf('?')) : ''}`;
        }
        next();
      });
    },
  };
}

/** The dev server answers /check-in/* with door.html, as the real server does. */
function doorPage(): Plugin {
  return {
    name: 'taquilla-door-page',
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        if (req.url && /^\/check-in\/[^/?]+\/?(\?|$)/.test(req.url)) req.url = '/door.html';
        next();
      });
    },
  };
}

/** Emits door-sw.js: the door's service worker with the list of the files to keep offline. */
function doorServiceWorker(): Plugin {
  const source = new URL('./src/features/check-in/door/service-worker.js', import.meta.url);
  return {
    name: 'taquilla-door-service-worker',
    apply: 'build',
    generateBundle(_options, bundle) {
      const files = Object.keys(bundle)
        // Every file of this build but the old .woff fonts (browsers that run the door read .woff2).
        .filter((name) => name.startsWith('assets/') && !name.endsWith('.woff'))
        .map((name) => `/${name}`)
        .sort();
      const version = createHash('sha256').update(files.join('\n')).digest('hex').slice(0, 12);
      const code = readFileSync(source, 'utf8').replace('self.__DOOR_PRECACHE__', () =>
        JSON.stringify({ version, files }),
      );
      this.emitFile({ type: 'asset', fileName: 'door-sw.js', source: code });
    },
  };
}

/**
 * The stylesheet is the only thing the server-rendered page waits for before it paints: ask for it before
 * the cover, the font and the script (Vite puts it last), where event.html marks the place.
 */
function stylesheetFirst(): Plugin {
  const marker = /( *)<!-- stylesheets:[^>]*-->\n/;
  return {
    name: 'taquilla-stylesheet-first',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        // The libraries' styles first, then the public pages' shared ones, then the page's own: the
        // cascade the components were written for, whatever order the chunks came in.
        const rank = (tag: string) => (tag.includes('/vendor-') ? 0 : tag.includes('/public-') ? 1 : 2);
        const sheets = (html.match(/ *<link rel="stylesheet"[^>]*>\n?/g) ?? []).sort(
          (a, b) => rank(a) - rank(b),
        );
        const rest = sheets.reduce((out, tag) => out.replace(tag, ''), html);
        return rest.replace(marker, (_, indent) => sheets.map((tag) => `${indent}${tag.trim()}\n`).join(''));
      },
    },
  };
}

/**
 * checkout.html runs its code after the first paint (checkout-app/client.tsx imports checkout-main.tsx
 * then): the page links that code's stylesheets itself, so the server-rendered step paints styled. Its
 * scripts are asked for then, not preloaded: the step paints with the HTML and the styles alone, even
 * on a slow connection (from the event page, React and Mantine are in the cache already).
 */
function lateScripts(): Plugin {
  return {
    name: 'taquilla-late-scripts',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const { bundle, chunk } = ctx;
        if (!bundle || !chunk || !ctx.filename.endsWith('checkout.html')) return html;
        const css = new Set<string>();
        const seen = new Set<string>();
        const visit = (fileName: string) => {
          const c = bundle[fileName];
          if (c?.type !== 'chunk' || seen.has(fileName)) return;
          seen.add(fileName);
          for (const f of c.viteMetadata?.importedCss ?? []) css.add(f);
          for (const f of c.imports) visit(f);
        };
        for (const f of chunk.dynamicImports) {
          const c = bundle[f];
          if (c?.type === 'chunk' && c.name === 'checkout-main') visit(f);
        }
        // Where stylesheetFirst (which runs next) gathers every stylesheet.
        const sheets = [...css]
          .filter((f) => !html.includes(`href="/${f}"`))
          .map((f) => `    <link rel="stylesheet" crossorigin href="/${f}">\n`);
        return html.replace('  </head>', () => `${sheets.join('')}  </head>`);
      },
    },
  };
}

/**
 * The embeddable widget, two builds of its own (see the build script):
 * - `--mode widget`: widget.html, the framed page /widget/{eventId} (selector, promo code, total);
 * - `--mode widget-snippet`: /widget.js, the framework-free snippet organizers paste into their sites.
 * The dev server answers /widget/{eventId} with widget.html.
 */
function widgetPage(): Plugin {
  return {
    name: 'taquilla-widget-page',
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        if (req.url && /^\/widget\/[^/?]+(\?|$)/.test(req.url)) {
          req.url = `/widget.html${req.url.includes('?') ? req.url.slice(req.url.indexOf('?')) : ''}`;
        }
        next();
      });
    },
  };
}
/**
 * The server imports the event page's bundle, which carries its own copy of zod and of the shared schemas
 * the checkout's forms use. zod keeps its registry of schema ids on globalThis, so that copy would give
 * the server's schemas twins under the same ids, and the server's next answer that names one would fail
 * its JSON Schema conversion ("Duplicate schema id"): the bundle keeps a registry of its own.
 */
function ownZodRegistry(): Plugin {
  return {
    name: 'taquilla-own-zod-registry',
    transform(code, id) {
      if (!/[\\/]zod[\\/]v4[\\/]core[\\/]registries\.js$/.test(id)) return null;
      if (!code.includes('__zod_globalRegistry')) {
        throw new Error(`zod's registry is no longer kept as globalThis.__zod_globalRegistry (${id})`);
      }
      return code.replaceAll('__zod_globalRegistry', '__taquilla_event_page_zod_registry');
    },
  };
}

const widgetSnippetBuild = {
  emptyOutDir: false,
  copyPublicDir: false,
  lib: {
    entry: 'src/features/widget/snippet/widget.ts',
    formats: ['iife' as const],
    name: 'TaquillaWidget',
    fileName: () => 'widget.js',
  },
};

export default defineConfig(({ mode, isSsrBuild }) => ({
  plugins: [
    // Lingui macros must be compiled before the React transform sees the JSX.
    babel({ plugins: ['@lingui/babel-plugin-lingui-macro'] }),
    react(),
    lingui(),
    publicEventPage(),
    doorPage(),
    widgetPage(),
    ...(mode === 'event-page' ? [lateScripts(), stylesheetFirst()] : []),
    ...(mode === 'door' ? [doorServiceWorker()] : []),
    ...(isSsrBuild ? [ownZodRegistry()] : []),
  ],
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000' },
  },
  // The server bundle carries its dependencies (React, Mantine, Lingui), so it runs wherever the built
  // files are copied, without this package's node_modules.
  ssr: { noExternal: true, target: 'node' },
  define: isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {},
  build:
    mode === 'widget-snippet'
      ? widgetSnippetBuild
      : {
          sourcemap: false,
          chunkSizeWarningLimit: 900,
          // The event page's, the door's and the widget's builds add their files beside the app's.
          emptyOutDir: mode !== 'event-page' && mode !== 'door' && mode !== 'widget',
          copyPublicDir: !isSsrBuild,
          rolldownOptions: isSsrBuild
            ? { output: { entryFileNames: 'event-page.mjs', codeSplitting: false } }
            : mode === 'event-page'
              ? {
                  input: ['event.html', 'checkout.html'],
                  // What both pages use goes in one file (not one per Mantine component): the event page
                  // stays two requests, and the checkout finds that file in the cache.
                  output: {
                    codeSplitting: {
                      groups: [
                        // The libraries' styles on their own: the checkout's entry links them without
                        // importing (and running) the libraries' code before its first paint.
                        { name: 'vendor', test: /node_modules[\\/].*\.css$/, minShareCount: 2, priority: 2 },
                        { name: 'vendor', test: /node_modules/, minShareCount: 2 },
                        { name: 'public', test: /\/src\//, minShareCount: 2 },
                      ],
                    },
                  },
                }
              : { input: mode === 'door' ? 'door.html' : mode === 'widget' ? 'widget.html' : 'index.html' },
        },
}));
