import { lingui } from '@lingui/vite-plugin';
import babel from '@rolldown/plugin-babel';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * Two pages, built one after the other into dist/ (see the build script in package.json):
 * - index.html: the web app (router, back office, checkout);
 * - event.html (`--mode event-page`): the public event page's light entry, rendered by the server. Its
 *   own build, so it loads a few files holding only what the page uses rather than chunks shaped by
 *   the app's screens.
 * `vite build --ssr` then builds the page's server entry into ssr/dist/, one self-contained file the
 * server imports at run time.
 */

/** The dev server answers /e/* and /event/* with event.html, as the real server does. */
function publicEventPage(): Plugin {
  return {
    name: 'taquilla-public-event-page',
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        if (req.url && /^\/(e|event)\/[^/]+\/[^/?]+/.test(req.url)) {
          req.url = `/event.html${req.url.includes('?') ? req.url.slice(req.url.indexOf('?')) : ''}`;
        }
        next();
      });
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
        const sheets = html.match(/ *<link rel="stylesheet"[^>]*>\n?/g) ?? [];
        const rest = sheets.reduce((out, tag) => out.replace(tag, ''), html);
        return rest.replace(marker, (_, indent) => sheets.map((tag) => `${indent}${tag.trim()}\n`).join(''));
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
    widgetPage(),
    ...(mode === 'event-page' ? [stylesheetFirst()] : []),
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
          // The event page's build adds its files beside the app's.
          emptyOutDir: mode !== 'event-page' && mode !== 'widget',
          copyPublicDir: !isSsrBuild,
          rolldownOptions: isSsrBuild
            ? { output: { entryFileNames: 'event-page.mjs', codeSplitting: false } }
            : {
                input:
                  mode === 'event-page' ? 'event.html' : mode === 'widget' ? 'widget.html' : 'index.html',
              },
        },
}));
