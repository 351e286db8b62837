// The command line of the headless browser. Two jobs: send every connection through the
// guarded proxy (the browser itself may open none), and keep Chromium from phoning home
// (updates, sync, field trials, safe browsing), which a closed network refuses anyway.
// A browser tier (a Playwright server, a DevTools endpoint) is started by someone else: the
// proxy then comes with each context (pool.ts), and browserTierArgs is what to start it with.

/** Chromium switches for a browser whose only way out is the guarded proxy on this port. */
export function chromiumArgs(proxyPort: number): string[] {
  return [
    // Every URL through the proxy. "<-loopback>" removes Chromium's implicit bypass of
    // localhost and 127.0.0.1, so even those reach the proxy and its guard.
    `--proxy-server=http://127.0.0.1:${proxyPort}`,
    '--proxy-bypass-list=<-loopback>',
    // Chromium resolves no name itself: every name fails, except the proxy's own address.
    '--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1',
    ...closedArgs(),
  ];
}

/**
 * The switches to start a browser tier's Chromium with (the README lists them): what a
 * per-context proxy cannot cover. `proxyHosts` are the hosts (names or addresses) of the
 * instances' proxies, the only ones the browser may resolve or connect to by itself.
 */
export function browserTierArgs(proxyHosts: readonly string[]): string[] {
  // Names a page only mentions (DNS prefetch, preconnect) are resolved by the browser itself,
  // proxy or not: without this rule a page can make the browser tier send DNS queries. The rule
  // covers address literals too, so each proxy host is excluded, or the proxy is unreachable.
  const exclude = proxyHosts.map((h) => ` , EXCLUDE ${h}`).join('');
  return [...(proxyHosts.length ? [`--host-resolver-rules=MAP * ~NOTFOUND${exclude}`] : []), ...closedArgs()];
}

/** Everything but the proxy: no traffic around it, no phoning home, fit for a container. */
function closedArgs(): string[] {
  return [
    // WebRTC would send UDP (STUN, peer traffic) around the proxy; allow only proxied TCP.
    '--force-webrtc-ip-handling-policy=disable_non_proxied_udp',
    '--webrtc-ip-handling-policy=disable_non_proxied_udp',
    // QUIC is UDP, which no HTTP proxy carries.
    '--disable-quic',
    '--headless',
    // The renderer sandbox needs user namespaces or a setuid helper, which containers and
    // root lack; isolation is the deployment's (a container, an unprivileged user).
    '--no-sandbox',
    '--disable-gpu',
    // Containers give /dev/shm 64 MB; Chromium then crashes on large pages.
    '--disable-dev-shm-usage',
    '--no-first-run',
    '--no-default-browser-check',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--disable-domain-reliability',
    '--disable-client-side-phishing-detection',
    '--metrics-recording-only',
    '--mute-audio',
    '--hide-scrollbars',
  ];
}
