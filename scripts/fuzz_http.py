#!/usr/bin/env python3
"""Random-request fuzzing of a live `riffle serve` (loopback only, standard library only).

Sends a bounded number of random requests: paths built from the API's own segments, mutated and
mixed with junk; random methods, query strings, headers and bodies. Every answer must be a success
(2xx/3xx) or a 4xx whose body is the API's JSON error shape `{"success": false, "error": "..."}`;
no 5xx, no dropped connection, and `/health` must still answer at the end.

    python3 scripts/fuzz_http.py --base http://127.0.0.1:8080 --count 3000 --seed 1
"""
import argparse
import http.client
import json
import random
import sys
import urllib.parse

SEGMENTS = ["api", "deck", "new", "shuffle", "draw", "bottom", "random", "return", "drawn", "pile", "add",
            "list", "static", "img", "AS.png", "back.svg", "health", "metrics", "openapi.json", "", ".", "..",
            "%2F", "%00", "%ff", "é", "new%20", "x" * 70, "discard", "-_-", "NEW", "API"]
PARAMS = ["count", "deck_count", "jokers_enabled", "cards", "remaining", "COUNT", "", "count[]", "x"]
VALUES = ["1", "0", "-1", "2.5", "", "abc", "undefined", "20", "21", "999999999999999999999", "true", "TRUE",
          "false", "AS,2S,KH", "AS,,", "X1,X2", "zz", "%", "%zz", "😀", "1e3", " 1", "0x10", "null"]
STANDARD_METHODS = {"GET", "POST", "HEAD", "OPTIONS", "PUT", "DELETE", "PATCH", "TRACE"}
METHODS = ["GET", "POST", "HEAD", "OPTIONS", "PUT", "DELETE", "PATCH", "TRACE", "FOO"]


def random_text(rng, length):
    alphabet = "abcdefghijklmnopqrstuvwxyzABC0123456789-_.~%/?&=+,;:@!$'()* "
    return "".join(rng.choice(alphabet) for _ in range(length))


def random_path(rng, deck_ids):
    if rng.random() < 0.1:
        return "/" + urllib.parse.quote(random_text(rng, rng.randint(0, 60)), safe="/%?&=")
    parts = []
    for _ in range(rng.randint(0, 7)):
        roll = rng.random()
        if roll < 0.25 and deck_ids:
            parts.append(rng.choice(deck_ids))
        elif roll < 0.3:
            parts.append(random_text(rng, rng.randint(1, 20)))
        else:
            parts.append(rng.choice(SEGMENTS))
    path = "/" + "/".join(urllib.parse.quote(p, safe="%.") for p in parts)
    if rng.random() < 0.8:
        path += "/"
    return path


def random_query(rng):
    pairs = []
    for _ in range(rng.randint(0, 5)):
        value = rng.choice(VALUES) if rng.random() < 0.8 else random_text(rng, rng.randint(0, 40))
        pairs.append(rng.choice(PARAMS) + "=" + urllib.parse.quote(value, safe="%,"))
    if rng.random() < 0.02:
        pairs.append("cards=" + ",".join(["AS"] * rng.choice([1100, 1101, 5000])))
    return "&".join(pairs)


def random_body(rng):
    roll = rng.random()
    if roll < 0.5:
        return None
    if roll < 0.8:
        return random_query(rng).encode()
    if roll < 0.95:
        return bytes(rng.randrange(256) for _ in range(rng.randint(0, 300)))
    return b"count=1&" + b"a" * rng.choice([16 * 1024, 20 * 1024])


def check(status, headers, body, method):
    if status >= 500:
        return "server error %d" % status
    if 400 <= status < 500 and method != "HEAD":
        if not headers.get("content-type", "").startswith("application/json"):
            return "%d without JSON content type" % status
        try:
            parsed = json.loads(body)
        except ValueError:
            return "%d body is not JSON: %r" % (status, body[:120])
        if parsed.get("success") is not False or not isinstance(parsed.get("error"), str):
            return "%d body is not the error shape: %r" % (status, body[:120])
    return None


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base", required=True)
    parser.add_argument("--count", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    base = urllib.parse.urlsplit(args.base)
    if base.hostname not in ("127.0.0.1", "localhost", "::1"):
        sys.exit("loopback only")
    rng = random.Random(args.seed)
    header_rng = random.Random(args.seed + 1_000_003)
    connection = http.client.HTTPConnection(base.hostname, base.port, timeout=10)

    def send(method, target, body=None, headers=None):
        nonlocal connection
        for attempt in range(2):
            try:
                connection.request(method, target, body=body, headers=headers or {})
                response = connection.getresponse()
                data = response.read()
                if response.getheader("connection", "").lower() == "close":
                    connection.close()
                return response.status, {k.lower(): v for k, v in response.getheaders()}, data
            except (http.client.HTTPException, ConnectionError, OSError):
                connection.close()
                connection = http.client.HTTPConnection(base.hostname, base.port, timeout=10)
                if attempt == 1:
                    raise

    parser_rejections = 0
    deck_ids = []
    statuses = {}
    failures = []
    for index in range(args.count):
        if index % 50 == 0:
            status, _, data = send("GET", "/api/deck/new/shuffle/?deck_count=2")
            if status == 200:
                deck_ids.append(json.loads(data)["deck_id"])
        method = rng.choice(METHODS)
        query = random_query(rng)
        target = random_path(rng, deck_ids) + ("?" + query if query else "")
        body = random_body(rng) if method not in ("GET", "HEAD") else None
        headers = {}
        if body is not None and rng.random() < 0.7:
            headers["Content-Type"] = rng.choice(
                ["application/x-www-form-urlencoded", "application/json", "text/plain", "multipart/form-data"])
        # The change headers come from a generator of their own, so that the requests above stay the ones a seed
        # has always made.
        if header_rng.random() < 0.1:
            headers["Idempotency-Key"] = header_rng.choice(
                ["fuzz-key-%08d" % header_rng.randrange(10 ** 8), "short", "k" * 129, "bad key with spaces", '"quoted-key-0123456"',
                 "\u00e9" * 20])
        if header_rng.random() < 0.1:
            headers["If-Match"] = header_rng.choice(['"0"', '"1"', 'W/"2"', "*", "1", '"x"', '"1", "2"', '"01"', '"9' + "9" * 30 + '"'])
        if rng.random() < 0.05:
            for n in range(rng.choice([50, 101, 150])):
                headers["X-Fuzz-%d" % n] = "v"
        try:
            status, response_headers, data = send(method, target, body, headers)
        except Exception as error:  # noqa: BLE001 - any failure to get an answer is a finding
            failures.append("%s %s: no answer (%s)" % (method, target[:120], error))
            continue
        statuses[status] = statuses.get(status, 0) + 1
        problem = check(status, response_headers, data, method)
        if method not in STANDARD_METHODS and status == 400:
            # NIO's HTTP/1 parser refuses method names it does not know before the request reaches
            # the router; Riffle's MalformedRequestHandler still answers with the JSON error.
            parser_rejections += 1
        if problem:
            failures.append("%s %s: %s" % (method, target[:120], problem))

    status, _, data = send("GET", "/health")
    alive = status == 200 and json.loads(data) == {"status": "ok"}
    print("random fuzz: %d requests, statuses %s, %d failures, %d unknown-method requests refused by the "
          "HTTP parser (JSON 400), server %s" % (args.count, dict(sorted(statuses.items())), len(failures),
                                                 parser_rejections, "up" if alive else "DOWN"))
    for failure in failures[:20]:
        print("  " + failure)
    five_xx = sum(n for s, n in statuses.items() if s >= 500)
    print("random fuzz 5xx responses: %d" % five_xx)
    sys.exit(0 if alive and not failures else 1)


if __name__ == "__main__":
    main()
