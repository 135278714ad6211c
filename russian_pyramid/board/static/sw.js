// The board's service worker (served as /sw.js, scope /): the page's static shell kept on
// the phone, so that the board installed on the home screen opens and says so when the club's
// computer is out of reach.  The AI stays on that computer: suggestions, checks, the match
// and every other request that changes or computes something go to the network only.
//
// Network first: a file is fetched and its copy refreshed; only when the network fails is
// the copy served.  The shell's files are read from the page itself at install (its
// <script src> and <link href> under /static/: the entry module and every module it imports,
// each named by a <link rel="modulepreload">), so no list here goes stale.
"use strict";

const SHELL = "pyramid-shell-v1";
const KEPT_API = ["/api/words/", "/api/table", "/api/positions"];  // GETs of fixed data

function kept(url) {
  if (url.origin !== self.location.origin) return false;
  if (url.pathname.startsWith("/api/")) return KEPT_API.some(p => url.pathname.startsWith(p));
  return true;
}

self.addEventListener("install", event => {
  event.waitUntil((async () => {
    const cache = await caches.open(SHELL);
    const page = await fetch("/", {credentials: "same-origin"});
    if (!page.ok) return;
    const html = await page.clone().text();
    await cache.put("/", page);
    const files = [...html.matchAll(/(?:src|href)="(\/static\/[^"]+|\/manifest\.webmanifest)"/g)]
      .map(m => m[1]);
    await cache.addAll([...new Set(files.concat(["/api/words/ru", "/api/words/en", "/api/table"]))]);
    await self.skipWaiting();
  })());
});

self.addEventListener("activate", event => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) if (name !== SHELL) await caches.delete(name);
    await self.clients.claim();
  })());
});

self.addEventListener("fetch", event => {
  const req = event.request, url = new URL(req.url);
  if (req.method !== "GET" || !kept(url)) return;  // to the network, as without a worker
  const key = req.mode === "navigate" ? "/" : url.pathname + url.search;
  event.respondWith((async () => {
    const cache = await caches.open(SHELL);
    try {
      const fresh = await fetch(req);
      if (fresh.ok && !fresh.redirected) await cache.put(key, fresh.clone());
      return fresh;
    } catch (e) {
      const copy = await cache.match(key) || (req.mode === "navigate" && await cache.match("/"));
      if (copy) return copy;
      throw e;
    }
  })());
});
