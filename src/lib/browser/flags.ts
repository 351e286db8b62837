// The command line of the headless browser. Two jobs: send every connection through the
// guarded proxy (the browser itself may open none), and keep Chromium from phoning home
// (updates, sync, field trials, safe browsing), which a closed network refuses anyway.

/** Chromium switches for a browser whose only way out is the guarded proxy on this port. */
export function chromiumArgs(proxyPort: number): string[] {
  return [
    // Every URL through the proxy. "<-loopback>" removes Chromium's implicit bypass of
    // localhost and 127.0.0.1, so even those reach the proxy and its guard.
    `--proxy-server=http://127.0.0.1:${proxyPort}`,
    '--proxy-bypass-list=<-loopback>',
    // Chromium resolves no name itself: every name fails, except the proxy's own address.
    '--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1',
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
