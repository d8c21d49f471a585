"""A local fdsnws-event 1.2 service on 127.0.0.1 for the fetch, sync and
watch tests: it answers /fdsnws/event/1/query (and /count) from an FDSN text
catalog file, and misbehaves on request. It answers format=text (default),
xml (quakeml) and json: EMSC's GeoJSON, each event a Feature as EMSC's push
stream sends it (its `lastupdate` the catalog's Updated column).
Usage: fdsnws_server.py PORT_FILE CATALOG_FILE [options]
Writes the port it got to PORT_FILE once it listens; logs each request as
`STATUS PATH?QUERY` to PORT_FILE.log before answering (000: it died instead).

The catalog is re-read whenever its size, modification time or inode changes,
so a test revises the service's data by rewriting the file (atomically).

Options:
  --port P                  listen on P (default 0: any free port)
  --count                   serve /fdsnws/event/1/count (else 404 there)
  --text-variant V          usgs (default) | ingv | spaced
  --publicid-host HOST      host in QuakeML publicIDs (service.example.org)
  --limit N --limit-status S   answers of more than N events: status S (400|413)
  --rate-limit K            the first K query requests: 429
  --retry-after S           Retry-After of those 429s (default 1; none: no header)
  --unavailable K           the next K query requests: 503, Retry-After 0
  --cut-at N                the Nth 200 answer: full Content-Length, half the body, close (repeatable)
  --die-at N                exit without answering the Nth query request
  --delay S                 sleep S seconds before each query answer
  --gzip                    answers as gzip bytes, without Content-Encoding (a .gz file served as it is)
  --ignore-window           answers every event whatever starttime and endtime ask (a service that does not filter)
"""
import argparse
import gzip
import calendar
import json
import math
import os
import re
import sys
import threading
import time
import http.server
from decimal import Decimal
from urllib.parse import urlsplit, parse_qsl
from xml.sax.saxutils import escape

BASE = "/fdsnws/event/1/"
USGS_COLUMNS = ["EventID", "Time", "Latitude", "Longitude", "Depth/km", "Author", "Catalog", "Contributor",
                "ContributorID", "MagType", "Magnitude", "MagAuthor", "EventLocationName"]
# Short forms fdsnws-event 1.2 allows, mapped to the long names.
ALIASES = {"start": "starttime", "end": "endtime", "minmag": "minmagnitude", "maxmag": "maxmagnitude",
           "minlat": "minlatitude", "maxlat": "maxlatitude", "minlon": "minlongitude",
           "maxlon": "maxlongitude", "lat": "latitude", "lon": "longitude"}
TIMES = {"starttime", "endtime", "updatedafter"}
NUMBERS = {"minmagnitude", "maxmagnitude", "mindepth", "maxdepth", "minlatitude", "maxlatitude",
           "minlongitude", "maxlongitude", "latitude", "longitude", "minradius", "maxradius"}
INTEGERS = {"limit", "offset"}
CHOICES = {"orderby": {"time", "time-asc", "magnitude", "magnitude-asc"},
           "format": {"text", "xml", "quakeml", "json"}, "nodata": {"204", "404"}}
KNOWN = TIMES | NUMBERS | INTEGERS | set(CHOICES) | {"eventid"}
TIME_RE = re.compile(r"^(\d{4})-(\d\d)-(\d\d)(?:[T ](\d\d):(\d\d):(\d\d)(?:\.(\d{1,6}))?)?Z?$")


class BadRequest(Exception):
    pass


def parse_time(text):
    """Microseconds since 1970 (UTC) of an ISO time or date; BadRequest if it is neither."""
    m = TIME_RE.match(text.strip())
    if not m:
        raise BadRequest("Bad time value: %s" % text)
    y, mo, d, h, mi, s, frac = m.groups()
    try:
        seconds = calendar.timegm((int(y), int(mo), int(d), int(h or 0), int(mi or 0), int(s or 0)))
    except (ValueError, OverflowError):
        raise BadRequest("Bad time value: %s" % text)
    if not (1 <= int(mo) <= 12 and 1 <= int(d) <= 31 and int(h or 0) < 24 and int(mi or 0) < 60 and int(s or 0) < 61):
        raise BadRequest("Bad time value: %s" % text)
    return seconds * 1_000_000 + int((frac or "").ljust(6, "0"))


def format_time(micros, decimals, zone):
    seconds, fraction = divmod(micros, 1_000_000)
    text = time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(seconds))
    return text + "." + ("%06d" % fraction)[:decimals] + zone


def number(text):
    return float(text) if text.strip() != "" else None


class Catalog:
    """The events of the catalog file, re-read when the file changes."""

    def __init__(self, path):
        self.path, self.key, self.events = path, None, []
        self.lock = threading.Lock()

    def current(self):
        with self.lock:
            st = os.stat(self.path)
            key = (st.st_ino, st.st_size, st.st_mtime_ns)
            if key != self.key:
                with open(self.path, encoding="utf-8") as f:
                    self.events = parse_catalog(f.read())
                self.key = key
            return self.events


def parse_catalog(text):
    """Events as dicts; columns are found by name (case and spaces ignored)."""
    lines = [line for line in text.splitlines() if line.strip()]
    if not lines or not lines[0].startswith("#"):
        raise ValueError("the catalog has no #header line")
    names = [n.strip().lower() for n in lines[0][1:].split("|")]
    events = []
    for number_, line in enumerate(lines[1:], start=2):
        fields = [f.strip() for f in line.split("|")]
        if len(fields) != len(names):
            raise ValueError("catalog line %d has %d fields, not %d" % (number_, len(fields), len(names)))
        row = dict(zip(names, fields))
        events.append(make_event(row))
    return events


def make_event(row):
    """Raw strings are kept for the text answer (so numbers come back as written)."""
    t = parse_time(row["time"])
    updated = row.get("updated", "")
    return {"id": row["eventid"], "time": t, "updated": parse_time(updated) if updated else t,
            "lat": float(row["latitude"]), "lon": float(row["longitude"]), "depth": number(row["depth/km"]),
            "mag": number(row["magnitude"]), "raw": row, "type": row.get("eventtype") or "earthquake"}


def great_circle(lat1, lon1, lat2, lon2):
    """Degrees of arc between two points (haversine)."""
    p1, p2 = math.radians(lat1), math.radians(lat2)
    dp, dl = p2 - p1, math.radians(lon2 - lon1)
    a = math.sin(dp / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(dl / 2) ** 2
    return math.degrees(2 * math.asin(min(1.0, math.sqrt(a))))


def parse_parameters(query):
    """The query's parameters by long name, checked; BadRequest names the first fault."""
    params = {}
    for raw_name, value in parse_qsl(query, keep_blank_values=True):
        name = ALIASES.get(raw_name.lower(), raw_name.lower())
        if name not in KNOWN:
            raise BadRequest("Unknown parameter: %s" % raw_name)
        if name in params:
            raise BadRequest("Duplicate parameter: %s" % raw_name)
        params[name] = convert(name, value)
    return params


def convert(name, value):
    try:
        if name in TIMES:
            return parse_time(value)
        if name in NUMBERS:
            result = float(value)
            if not math.isfinite(result):
                raise ValueError
            return result
        if name in INTEGERS:
            result = int(value)
            if result < 1:  # fdsnws counts offset from 1; a limit of 0 is no answer
                raise ValueError
            return result
    except ValueError:
        raise BadRequest("Bad %s value: %s" % (name, value))
    if name in CHOICES and value.lower() not in CHOICES[name]:
        raise BadRequest("Bad %s value: %s" % (name, value))
    return value.lower() if name in CHOICES else value


def in_range(value, low, high):
    """A bound excludes events whose value is unknown."""
    if low is None and high is None:
        return True
    return value is not None and (low is None or value >= low) and (high is None or value <= high)


def matches(e, p):
    g = p.get
    if "eventid" in p and e["id"] != p["eventid"]:
        return False
    if not in_range(e["time"], g("starttime"), g("endtime")) or e["updated"] < g("updatedafter", e["updated"]):
        return False
    if not in_range(e["mag"], g("minmagnitude"), g("maxmagnitude")):
        return False
    if not in_range(e["depth"], g("mindepth"), g("maxdepth")) or not in_range(e["lat"], g("minlatitude"), g("maxlatitude")):
        return False
    low, high = g("minlongitude", -180.0), g("maxlongitude", 180.0)
    # minlongitude > maxlongitude: the box crosses the antimeridian.
    if low <= high and not low <= e["lon"] <= high or low > high and not (e["lon"] >= low or e["lon"] <= high):
        return False
    if "minradius" in p or "maxradius" in p:
        d = great_circle(g("latitude", 0.0), g("longitude", 0.0), e["lat"], e["lon"])
        if not g("minradius", 0.0) <= d <= g("maxradius", 180.0):
            return False
    return True


def select(events, p):
    """Matching events, ordered, then offset and limit."""
    found = [e for e in events if matches(e, p)]
    order = p.get("orderby", "time")
    # Ties broken by id so that pages never overlap; unknown magnitudes last.
    keys = {"time": lambda e: (-e["time"], e["id"]), "time-asc": lambda e: (e["time"], e["id"]),
            "magnitude": lambda e: (e["mag"] is None, -(e["mag"] or 0), -e["time"], e["id"]),
            "magnitude-asc": lambda e: (e["mag"] is None, e["mag"] or 0, e["time"], e["id"])}
    found.sort(key=keys[order])
    start = p.get("offset", 1) - 1
    return found[start:start + p["limit"]] if "limit" in p else found[start:]


def text_body(events, variant):
    """The FDSN text answer in the layout of USGS, INGV or a spaced service."""
    columns = list(USGS_COLUMNS)
    if variant == "ingv":
        columns[4] = "Depth/Km"
        columns.append("EventType")
    sep = " | " if variant == "spaced" else "|"
    lines = ["#" + sep.join(columns)]
    for e in events:
        r = e["raw"]
        if variant == "spaced":
            t = format_time(e["time"], 6, "Z")
        else:
            t = format_time(e["time"], 3 if e["time"] % 1000 == 0 else 6, "")
        fields = [e["id"], t] + [r[k] for k in ("latitude", "longitude", "depth/km")]
        fields += [r.get(k, "") for k in ("author", "catalog", "contributor", "contributorid", "magtype", "magnitude")]
        fields += [r.get("magauthor", "") or ("--" if variant == "ingv" else ""), r.get("eventlocationname", "")]
        if variant == "ingv":
            fields.append(e["type"])
        lines.append(sep.join(fields))
    return ("\n".join(lines) + "\n").encode("utf-8")


def metres(km_text):
    """Kilometres as written, times 1000, without float noise: 1.46 -> 1460."""
    text = format(Decimal(km_text) * 1000, "f")
    return text.rstrip("0").rstrip(".") if "." in text else text


def quakeml_body(events, host, request):
    x = lambda s: escape(s, {'"': "&quot;"})
    out = ['<?xml version="1.0" encoding="UTF-8"?>',
           '<q:quakeml xmlns:q="http://quakeml.org/xmlns/quakeml/1.2" xmlns="http://quakeml.org/xmlns/bed/1.2">',
           '  <eventParameters publicID="%s">' % x("smi:%s%s" % (host, request))]
    for e in events:
        r, eid = e["raw"], "smi:%s%squery?eventid=%s" % (host, BASE, e["id"])
        origin, magnitude = eid + "#origin", eid + "#magnitude"
        out.append('    <event publicID="%s">' % x(eid))
        out.append("      <description><type>earthquake name</type><text>%s</text></description>"
                   % x(r.get("eventlocationname", "")))
        out.append('      <origin publicID="%s">' % x(origin))
        out.append("        <time><value>%s</value></time>" % format_time(e["time"], 3 if e["time"] % 1000 == 0 else 6, "Z"))
        out.append("        <latitude><value>%s</value></latitude>" % r["latitude"])
        out.append("        <longitude><value>%s</value></longitude>" % r["longitude"])
        if e["depth"] is not None:
            out.append("        <depth><value>%s</value></depth>" % metres(r["depth/km"]))
        out.append("        <creationInfo><agencyID>%s</agencyID></creationInfo>" % x(r.get("author", "")))
        out.append("      </origin>")
        if e["mag"] is not None:
            out.append('      <magnitude publicID="%s">' % x(magnitude))
            out.append("        <mag><value>%s</value></mag>" % r["magnitude"])
            out.append("        <type>%s</type>" % x(r.get("magtype", "")))
            out.append("        <originID>%s</originID>" % x(origin))
            out.append("        <creationInfo><agencyID>%s</agencyID></creationInfo>" % x(r.get("magauthor", "")))
            out.append("      </magnitude>")
        out.append("      <preferredOriginID>%s</preferredOriginID>" % x(origin))
        if e["mag"] is not None:
            out.append("      <preferredMagnitudeID>%s</preferredMagnitudeID>" % x(magnitude))
        out.append("      <type>%s</type>" % x(e["type"]))
        out.append("      <creationInfo><agencyID>%s</agencyID><creationTime>%s</creationTime></creationInfo>"
                   % (x(r.get("catalog", "")), format_time(e["updated"], 3, "Z")))
        out.append("    </event>")
    out += ["  </eventParameters>", "</q:quakeml>", ""]
    return "\n".join(out).encode("utf-8")


def emsc_json_body(events):
    """EMSC's format=json: a FeatureCollection of Features in its push stream's shape."""
    features = []
    for e in events:
        r = e["raw"]
        depth = e["depth"] if e["depth"] is not None else 0.0
        properties = {"source_id": r.get("contributorid", ""), "source_catalog": r.get("catalog", ""),
                      "lastupdate": format_time(e["updated"], 6, "Z"), "time": format_time(e["time"], 6, "Z"),
                      "flynn_region": r.get("eventlocationname", ""), "lat": e["lat"], "lon": e["lon"], "depth": depth,
                      "evtype": {"earthquake": "ke"}.get(e["type"], e["type"]), "auth": r.get("author", ""),
                      "mag": e["mag"], "magtype": r.get("magtype", "").lower(), "unid": e["id"]}
        features.append({"geometry": {"type": "Point", "coordinates": [e["lon"], e["lat"], -depth]},
                         "type": "Feature", "id": e["id"], "properties": properties})
    collection = {"type": "FeatureCollection", "metadata": {"totalCount": len(features)}, "features": features}
    return (json.dumps(collection) + "\n").encode("utf-8")


def error_body(status, reason, detail, request):
    """Short, USGS-like: status line, detail, the request."""
    return ("Error %d: %s\n\n%s\n\nRequest:\n%s\n" % (status, reason, detail, request)).encode("utf-8")


class State:
    """What the misbehaviour options count, shared by the handler threads."""

    def __init__(self, options):
        self.options, self.lock = options, threading.Lock()
        self.queries = 0      # query requests received
        self.answered = 0     # query requests that would answer 200
        self.log_path = options.port_file + ".log"

    def log(self, status, request):
        with self.lock, open(self.log_path, "a", encoding="utf-8") as f:
            f.write("%03d %s\n" % (status, request))
            f.flush()

    def next_query(self):
        with self.lock:
            self.queries += 1
            return self.queries

    def next_answer(self):
        with self.lock:
            self.answered += 1
            return self.answered


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    state = None      # set in main
    catalog = None

    def log_message(self, format, *args):
        pass

    def answer(self, status, body, content_type="text/plain; charset=utf-8", headers=(), send=None):
        """Logs, then answers; `send` is how many bytes of the body go out (all by default)."""
        self.state.log(status, self.path)
        self.send_response(status)
        for name, value in headers:
            self.send_header(name, value)
        if status != 204:  # a 204 has neither body nor length
            self.send_header("Content-Type", content_type)
            self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body if send is None else body[:send])
        self.wfile.flush()

    def fail(self, status, reason, detail, headers=()):
        self.answer(status, error_body(status, reason, detail, self.path), headers=headers)

    def do_GET(self):
        url = urlsplit(self.path)
        if url.path == BASE + "query":
            self.query(url.query)
        elif url.path == BASE + "count" and self.state.options.count:
            self.count(url.query)
        elif url.path == BASE + "version":
            self.answer(200, b"1.2.0\n")
        else:
            self.fail(404, "Not Found", "No such service: %s" % url.path)

    def count(self, query):
        try:
            params = parse_parameters(query)
            params.pop("format", None)
            found = select(self.catalog.current(), params)
        except BadRequest as error:
            return self.fail(400, "Bad Request", str(error))
        except (OSError, ValueError, KeyError) as error:  # a bad catalog: say why
            return self.fail(500, "Internal Server Error", "Catalog: %r" % error)
        self.answer(200, b"%d\n" % len(found))

    def query(self, query):
        options = self.state.options
        n = self.state.next_query()
        if n == options.die_at:
            self.state.log(0, self.path)
            os._exit(3)   # a dead service: no answer, no clean shutdown
        if options.delay:
            time.sleep(options.delay)
        if n <= options.rate_limit:
            retry = [] if options.retry_after == "none" else [("Retry-After", options.retry_after)]
            return self.fail(429, "Too Many Requests", "Too many requests; slow down.", headers=retry)
        if n <= options.rate_limit + options.unavailable:
            return self.fail(503, "Service Unavailable", "The service is temporarily unavailable.",
                             headers=[("Retry-After", "0")])
        try:
            params = parse_parameters(query)
            window = {k: v for k, v in params.items() if not (options.ignore_window and k in ("starttime", "endtime"))}
            found = select(self.catalog.current(), window)
        except BadRequest as error:
            return self.fail(400, "Bad Request", str(error))
        except (OSError, ValueError, KeyError) as error:  # a bad catalog: say why
            return self.fail(500, "Internal Server Error", "Catalog: %r" % error)
        self.answer_events(found, params)

    def answer_events(self, found, params):
        options = self.state.options
        if not found:
            if params.get("nodata", "204") == "404":
                return self.fail(404, "Not Found", "No data matches the request.")
            return self.answer(204, b"")
        if options.limit is not None and len(found) > options.limit:
            reason = "Bad Request" if options.limit_status == 400 else "Request Entity Too Large"
            detail = ("%d matching events exceeds search limit of %d. Modify the search to match fewer events."
                      % (len(found), options.limit))
            return self.fail(options.limit_status, reason, detail)
        if params.get("format", "text") == "text":
            body, content_type = text_body(found, options.text_variant), "text/plain; charset=utf-8"
        elif params["format"] == "json":
            body, content_type = emsc_json_body(found), "application/json"
        else:
            body, content_type = quakeml_body(found, options.publicid_host, self.path), "application/xml"
        if options.gzip:
            body = gzip.compress(body)
        cut = self.state.next_answer() in options.cut_at
        self.answer(200, body, content_type, send=len(body) // 2 if cut else None)
        if cut:  # the client sees the connection end short of the announced length
            self.close_connection = True


class Server(http.server.ThreadingHTTPServer):
    daemon_threads = True


def parse_options(argv):
    parser = argparse.ArgumentParser(description="A local fdsnws-event 1.2 test service.")
    parser.add_argument("port_file")
    parser.add_argument("catalog")
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--count", action="store_true")
    parser.add_argument("--text-variant", choices=["usgs", "ingv", "spaced"], default="usgs")
    parser.add_argument("--publicid-host", default="service.example.org")
    parser.add_argument("--limit", type=int)
    parser.add_argument("--limit-status", type=int, choices=[400, 413], default=400)
    parser.add_argument("--rate-limit", type=int, default=0)
    parser.add_argument("--retry-after", default="1")
    parser.add_argument("--unavailable", type=int, default=0)
    parser.add_argument("--cut-at", type=int, action="append", default=[])
    parser.add_argument("--die-at", type=int)
    parser.add_argument("--delay", type=float, default=0)
    parser.add_argument("--gzip", action="store_true")
    parser.add_argument("--ignore-window", action="store_true")
    return parser.parse_args(argv)


def main():
    options = parse_options(sys.argv[1:])
    Handler.state = State(options)
    Handler.catalog = Catalog(options.catalog)
    Handler.catalog.current()   # a bad catalog fails the start, with its reason on stderr
    server = Server(("127.0.0.1", options.port), Handler)
    open(options.port_file + ".log", "w").close()
    with open(options.port_file + ".tmp", "w") as f:
        f.write(str(server.server_address[1]))
    os.rename(options.port_file + ".tmp", options.port_file)
    server.serve_forever()


if __name__ == "__main__":
    main()
