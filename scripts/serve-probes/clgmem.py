# RSS of a running `webclip serve` (pid given) over N clg requests of a small article.
import http.client, sys
host, port = sys.argv[1].split(":"); pid = sys.argv[2]; n = int(sys.argv[3])
para = "<p>The committee met on Tuesday to discuss the budget, and agreed after a long debate that the new library would open in the spring.</p>"
html = ("<html><body><nav><a href=/>Home</a></nav><article><h1>Library</h1>" + para * 12 + "</article></body></html>").encode()
def rss():
    for l in open(f"/proc/{pid}/status"):
        if l.startswith("VmRSS:"): return int(l.split()[1])
def hwm():
    for l in open(f"/proc/{pid}/status"):
        if l.startswith("VmHWM:"): return int(l.split()[1])
c = http.client.HTTPConnection(host, int(port), timeout=60)
print(f"start RSS {rss()} KiB")
for i in range(1, n + 1):
    c.request("POST", "/v1/extract?method=clg", body=html, headers={"Content-Type": "text/html"})
    r = c.getresponse(); r.read()
    assert r.status == 200, r.status
    if i % (n // 6) == 0: print(f"after {i} clg requests: RSS {rss()} KiB (peak {hwm()} KiB)")
