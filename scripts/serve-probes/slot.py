# How long a request's slot stays taken after its 504: webclip serve --concurrency 1 --timeout T.
import http.client, json, sys, time, gzip, threading
host, port = sys.argv[1].split(":")
page = open(sys.argv[2], "rb").read()
methods = sys.argv[3].split(",")
def post(path, body, timeout=300):
    c = http.client.HTTPConnection(host, int(port), timeout=timeout)
    c.request("POST", path, body=body, headers={"Content-Type": "text/html"})
    r = c.getresponse(); data = r.read(); c.close()
    return r.status, data
for m in methods:
    t0 = time.time()
    res = {}
    def big():
        res["s"], res["d"] = post(f"/v1/extract?method={m}", page)
        res["t"] = time.time() - t0
    th = threading.Thread(target=big); th.start()
    time.sleep(0.3)
    while True:
        s, _ = post("/v1/extract", b"<p>hello there, a small page</p>")
        if s != 503: break
        time.sleep(0.05)
    free = time.time() - t0
    th.join()
    print(f"{m}: status {res['s']} after {res['t']:.1f} s; slot free after {free:.1f} s; {res['d'][:120]!r}")
